import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { clientMessages, GLOBAL_CLIENT_NAMESPACES } from "./client-messages";
import { MESSAGES } from "./messages";

const ROOT = join(__dirname, "..", "..");
const sources = new Map<string, string>();
const read = (path: string) => sources.get(path) ?? sources.set(path, readFileSync(join(ROOT, path), "utf8")).get(path)!;

describe("clientMessages", () => {
  it("gives the global namespaces and the asked ones, nothing else", () => {
    const messages = clientMessages("de", ["labels.theme", "manage"]);
    expect(Object.keys(messages).sort()).toEqual(["auth", "common", "labels", "manage"]);
    expect(messages.common).toEqual(MESSAGES.de.common);
    expect(messages.auth).toEqual({ error: MESSAGES.de.auth.error });
    expect(messages.labels).toEqual({ theme: MESSAGES.de.labels.theme });
    expect(messages.manage).toEqual(MESSAGES.de.manage);
  });

  it("keeps a whole namespace whole, in either order, without touching the catalogue", () => {
    const before = JSON.stringify(MESSAGES.en);
    expect(clientMessages("en", ["labels.theme", "labels"]).labels).toEqual(MESSAGES.en.labels);
    expect(clientMessages("en", ["labels", "labels.theme"]).labels).toEqual(MESSAGES.en.labels);
    expect(clientMessages("en", ["auth"]).auth).toEqual(MESSAGES.en.auth);
    expect(JSON.stringify(MESSAGES.en)).toBe(before);
  });
});

// The routes' client components against what their layouts give them. The import graph is read
// from the sources: every file a route imports, and below a "use client" file every file it
// imports, runs in the browser, so its useTranslations("…") namespaces must be given.

/** `@/x` and relative imports of `from` resolved to a file, packages left out. */
function importsOf(from: string, source: string): string[] {
  const specifiers = [...source.matchAll(/(?:\bfrom\s+|\bimport\s*\(?\s*)["']([^"']+)["']/g)].map((match) => match[1]);
  return specifiers.flatMap((specifier) => {
    const base = specifier.startsWith("@/")
      ? join(ROOT, specifier.slice(2))
      : specifier.startsWith(".")
        ? join(ROOT, dirname(from), specifier)
        : null;
    if (!base) return [];
    const file = ["", ".tsx", ".ts", "/index.tsx", "/index.ts"]
      .map((ext) => base + ext)
      .find((path) => existsSync(path) && statSync(path).isFile());
    return file ? [relative(ROOT, file)] : [];
  });
}

/** The namespaces that the browser side of `entry` translates with, by file ("*" for `useTranslations()`). */
function clientNamespaces(entry: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const seen = new Set<string>();
  const walk = (file: string, inClient: boolean) => {
    if (seen.has(`${file}|${inClient}`)) return;
    seen.add(`${file}|${inClient}`);
    const source = read(file);
    const client = inClient || /^\s*["']use client["']/.test(source);
    const namespaces = [...new Set([...source.matchAll(/useTranslations\(\s*(?:"([^"]*)")?\s*\)/g)].map((match) => match[1] ?? "*"))];
    if (client && namespaces.length > 0) found.set(file, namespaces);
    for (const imported of importsOf(file, source)) walk(imported, client);
  };
  walk(entry, false);
  return found;
}

const PROVIDER = /<ClientMessagesProvider(?:\s+namespaces=\{\[([^\]]*)\]\})?\s*>/;

/** The namespaces the nearest layout with a ClientMessagesProvider gives `file` (which may be that layout). */
function givenTo(file: string): { layout: string; namespaces: string[] } {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const layout = join(dir, "layout.tsx");
    const match = existsSync(join(ROOT, layout)) ? PROVIDER.exec(read(layout)) : null;
    if (match)
      return { layout, namespaces: [...GLOBAL_CLIENT_NAMESPACES, ...[...(match[1] ?? "").matchAll(/"([^"]+)"/g)].map((m) => m[1])] };
    if (dir === "app") throw new Error(`${file}: no layout above it gives client messages`);
  }
}

const covers = (given: string[], namespace: string) => given.some((name) => namespace === name || namespace.startsWith(`${name}.`));

const ROUTE_FILES = readdirSync(join(ROOT, "app"), { recursive: true, encoding: "utf8" })
  .map((path) => join("app", path))
  .filter((path) => /\/(page|layout|error|not-found|loading)\.tsx$/.test(`/${path}`) && !path.startsWith("app/api/"));

describe("the catalogue the browser gets", () => {
  it("finds the routes and their client components", () => {
    expect(ROUTE_FILES).toContain("app/projects/[slug]/manage/team/page.tsx");
    expect(clientNamespaces("app/projects/[slug]/manage/team/page.tsx").get("components/projects/manage/team-manager.tsx")).toContain(
      "manage.team",
    );
  });

  it("holds every namespace each route's client components use", () => {
    const missing = ROUTE_FILES.flatMap((route) => {
      const { layout, namespaces: given } = givenTo(route);
      return [...clientNamespaces(route)].flatMap(([component, used]) =>
        used
          .filter((namespace) => !covers(given, namespace))
          .map((namespace) => `${route}: ${component} uses "${namespace}", not given by ${layout}`),
      );
    });
    expect(missing).toEqual([]);
  });

  it("comes from ClientMessagesProvider only, never the whole catalogue", () => {
    const sources = ["app", "components"].flatMap((dir) =>
      readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" }).map((path) => join(dir, path)),
    );
    // Tests that render a component (and their helper, components/testing/) give it the whole catalogue on purpose.
    const whole = sources.filter(
      (path) =>
        /\.tsx$/.test(path) &&
        !/\.test\.tsx$/.test(path) &&
        !path.startsWith("components/testing/") &&
        /<NextIntlClientProvider\b/.test(read(path)) &&
        path !== "components/i18n/client-messages-provider.tsx",
    );
    expect(whole).toEqual([]);
  });
});

/** The leaf keys of a (partial) catalogue, as dotted paths. */
const leafKeys = (tree: object, prefix = ""): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "object" ? leafKeys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe("My projects' messages in the browser (a budget)", () => {
  // Every message here travels twice on every visit (the HTML and the RSC payload). The page's
  // client components need these and no more: the rows' words (`projects.mine.list`), the words
  // of answering an invitation, and the labels of roles and badges. A key added here is a
  // decision, not an accident (docs/performance.md).
  const NEEDED = [
    "labels.defaultRole.DEVELOPER",
    "labels.defaultRole.MANAGER",
    "labels.defaultRole.MEMBER",
    "labels.defaultRole.MODERATOR",
    "labels.defaultRole.OWNER",
    "labels.defaultRole.TESTER",
    "labels.projectStatus.ARCHIVED",
    "labels.projectStatus.DRAFT",
    "labels.projectStatus.IN_REVIEW",
    "labels.projectStatus.PUBLISHED",
    "labels.projectStatus.REJECTED",
    "labels.visibility.APPLICATION_ONLY",
    "labels.visibility.LAUNCHER",
    "labels.visibility.PRIVATE",
    "labels.visibility.PUBLIC",
    "projects.invitations.answer.accept",
    "projects.invitations.answer.acceptLabel",
    "projects.invitations.answer.decline",
    "projects.invitations.answer.declineBody",
    "projects.invitations.answer.declineLabel",
    "projects.invitations.answer.declineTitle",
    "projects.invitations.answer.expires",
    "projects.mine.list.leave",
    "projects.mine.list.leaveBody",
    "projects.mine.list.leaveConfirm",
    "projects.mine.list.leaveLabel",
    "projects.mine.list.leaveTitle",
    "projects.mine.list.manage",
    "projects.mine.list.manageLabel",
    "projects.mine.list.noGame",
    "projects.mine.list.roleSince",
  ];
  /** Bytes of the page's own messages as JSON, in the longest language (German), with a little room. */
  const BUDGET_BYTES = 1400;

  const { namespaces } = givenTo("app/my-projects/page.tsx");
  const own = namespaces.filter((namespace) => !(GLOBAL_CLIENT_NAMESPACES as readonly string[]).includes(namespace));

  for (const locale of ["en", "de"] as const) {
    it(`gives the page's client components only the keys they need, in ${locale}`, () => {
      const messages = clientMessages(locale, own as Parameters<typeof clientMessages>[1]);
      const global = new Set(leafKeys(clientMessages(locale, [])));
      expect(
        leafKeys(messages)
          .filter((key) => !global.has(key))
          .sort(),
      ).toEqual(NEEDED);
      const { common: _common, auth: _auth, ...pageOwn } = messages;
      expect(Buffer.byteLength(JSON.stringify(pageOwn))).toBeLessThanOrEqual(BUDGET_BYTES);
    });
  }

  it("uses every key it gives in the page's client components", () => {
    const sources = [...clientNamespaces("app/my-projects/page.tsx").keys()].map(read).join("\n");
    const literal = NEEDED.filter((key) => !key.startsWith("labels.")).map((key) => key.split(".").pop()!);
    expect(literal.filter((key) => !sources.includes(`"${key}"`))).toEqual([]);
  });
});
