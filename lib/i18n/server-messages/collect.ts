import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * Finds the English messages the portal can show (for server-messages.test.ts): the sentence
 * literals of schemas and the details of errors thrown by services. A `${…}` part of a template
 * literal is written `{}`; `normalize` turns a table key's `{name}` into `{}` the same way.
 */
const ROOT = join(import.meta.dirname, "..", "..", "..");

export function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.(test|spec|d)\.tsx?$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .filter((path) => !path.includes("generated") && !path.includes("node_modules"));
}

export function read(path: string): string {
  return readFileSync(join(ROOT, path), "utf8");
}

export const normalize = (message: string) => message.replace(/\{\w+\}/g, "{}");

const templateText = (raw: string) => raw.replace(/\$\{(?:[^{}]|\{[^{}]*\})*\}/g, "{}");

/** Every string literal of a source, as it reads (templates with `{}` for their parts). */
export function literals(source: string): string[] {
  const out: string[] = [];
  // Single quotes too: the formatter writes a string that holds double quotes in single quotes.
  for (const match of source.matchAll(/"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g)) {
    const quoted = match[1] ?? match[2];
    if (quoted !== undefined) out.push(quoted.replace(/\\(.)/g, "$1"));
    else out.push(templateText(match[3]!));
  }
  return out;
}

const sentence = (text: string) => /^[A-Z]/.test(text) && /\s/.test(text) && /[.!?]$/.test(text);

/** Sentence literals of a schema file, except descriptions for the API reference. */
export function schemaMessages(source: string): string[] {
  const out: string[] = [];
  for (const match of source.matchAll(
    /(description:\s*|describe\(\s*|summary:\s*)?(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`)/g,
  )) {
    if (match[1]) continue;
    const quoted = match[2] ?? match[3];
    const text = quoted !== undefined ? quoted.replace(/\\(.)/g, "$1") : templateText(match[4]!);
    if (sentence(text)) out.push(text);
  }
  return out;
}

const THROWN =
  /new (?:BadRequest|Unauthorized|Forbidden|Conflict|RuleViolation|AppError\([^,]+,[^,]+,[^,]+,)\(?\s*(?:"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`)/g;
const FIELD_MESSAGE = /path:\s*[^,{}]+,\s*message:\s*(?:"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`)/g;
/** A permission check's message: `requirePermission(actor, "users.manage", "Editing … needs …")`. */
const REQUIRE_MESSAGE = /require\w*\([^()]*?,\s*(?:"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`)\s*\)/g;
/** An error class's own detail: `super(401, "code", "Title", "detail")`, or a default `detail = "…"`. */
const OWN_DETAIL = /(?:super\(\s*\d+,\s*"[^"]*",\s*"[^"]*",\s*|detail = )(?:"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`)/g;

/** The details of errors a service throws, and the messages of the field errors it names. */
export function thrownMessages(source: string): string[] {
  const out: string[] = [];
  for (const regex of [THROWN, FIELD_MESSAGE, OWN_DETAIL, REQUIRE_MESSAGE]) {
    for (const match of source.matchAll(regex)) {
      out.push(match[1] !== undefined ? match[1].replace(/\\(.)/g, "$1") : templateText(match[2]!));
    }
  }
  for (const match of source.matchAll(/new Forbidden\(message \?\? `((?:[^`\\]|\\.)*)`/g)) out.push(templateText(match[1]!));
  // A message kept in a constant: `const INVALID_LINK = "…"; … throw new RuleViolation(INVALID_LINK)`.
  for (const match of source.matchAll(/new (?:BadRequest|Unauthorized|Forbidden|Conflict|RuleViolation)\(\s*([A-Z][A-Z0-9_]+)\s*[,)]/g)) {
    const constant = new RegExp(`const ${match[1]} = "((?:[^"\\\\\\n]|\\\\.)*)"`).exec(source);
    if (constant) out.push(constant[1]!.replace(/\\(.)/g, "$1"));
  }
  return out.filter(sentence);
}
