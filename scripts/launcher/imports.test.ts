/**
 * The reference launcher is a client of the public API only (DESIGN 8.2): its modules import
 * Node's built-ins, yauzl, canonicalize and each other, never the server's code (`lib/`, `app/`,
 * `components/`, the `@/` alias) or another package. Tests and their helpers may import more.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";

const FOLDER = import.meta.dirname;
const ALLOWED_PACKAGES = new Set(["yauzl", "canonicalize"]);
const TEST_ONLY = new Set(["test-zips.ts"]);

/** Every module specifier of a source file: static imports and exports, dynamic import() and require(). */
function specifiersOf(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^"'`;]*?\bfrom\s*["']([^"']+)["']/g,
    /\bimport\s*["']([^"']+)["']/g,
    /\b(?:import|require)\s*\(\s*["'`]([^"'`]+)["'`]\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.push(match[1]);
  return found;
}

function refusal(file: string, specifier: string): string | null {
  if (specifier.startsWith("node:")) return null;
  if (specifier.startsWith(".")) {
    const resolved = path.resolve(path.dirname(file), specifier);
    if (!resolved.startsWith(FOLDER + path.sep)) return "leaves scripts/launcher";
    if (TEST_ONLY.has(path.basename(resolved).replace(/$/, ".ts")) || TEST_ONLY.has(`${path.basename(resolved)}.ts`))
      return "is a test helper";
    return null;
  }
  const name = specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0];
  return ALLOWED_PACKAGES.has(name) ? null : "is not Node, yauzl or canonicalize";
}

describe("the launcher's imports", () => {
  it("reads every kind of import", () => {
    expect(
      specifiersOf(
        `import a from "a";\nimport { b } from 'b';\nimport type { C } from "c";\nexport * from "d";\nimport "e";\nconst f = await import("f");\nrequire('g');\nimport {\n  h,\n} from "h";`,
      ),
    ).toEqual(["a", "b", "c", "d", "h", "e", "f", "g"]);
  });

  it("come from Node, yauzl, canonicalize and the launcher itself only", async () => {
    const files = (await readdir(FOLDER)).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts") && !TEST_ONLY.has(name));
    expect(files).toContain("main.ts");
    const refused: string[] = [];
    for (const name of files) {
      const file = path.join(FOLDER, name);
      for (const specifier of specifiersOf(await readFile(file, "utf8"))) {
        const reason = refusal(file, specifier);
        if (reason) refused.push(`${name}: ${specifier} ${reason}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it("would catch server code", () => {
    const file = path.join(FOLDER, "commands.ts");
    expect(refusal(file, "@/lib/db/client")).toBe("is not Node, yauzl or canonicalize");
    expect(refusal(file, "../../lib/launcher/service")).toBe("leaves scripts/launcher");
    expect(refusal(file, "./test-zips")).toBe("is a test helper");
    expect(refusal(file, "zod")).toBe("is not Node, yauzl or canonicalize");
    expect(refusal(file, "node:fs")).toBeNull();
  });
});
