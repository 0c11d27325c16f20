import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * The import graph of a top-level folder, read with the TypeScript compiler (every static import,
 * `import type`, `export ... from`, dynamic `import()` and `require`), resolved the way tsc
 * resolves them (tsconfig paths, so `@/lib/...` counts). Test files are left out: they may import
 * across layers.
 */

const ROOT = path.resolve(import.meta.dirname, "..");
const SKIP = new Set(["generated", "node_modules"]);

export type Graph = Map<string, Set<string>>;

/**
 * The layer of every lib/ folder (and file directly in lib/), as the table in
 * docs/architecture.md: a folder may import its own layer and those below, never one above.
 * Between domains (layer 4) and inside the foundation only circles are forbidden. A new folder
 * must be placed here; lib/architecture.test.ts fails until it is.
 */
export const LAYERS: Record<string, 1 | 2 | 3 | 4 | 5> = {
  "lib/api": 5,
  "lib/portal": 5,
  "lib/demo": 5,
  "lib/testing": 5,
  "lib/architecture.ts": 5,
  "lib/account": 4,
  "lib/device-sign-in": 4,
  "lib/applications": 4,
  "lib/reviews": 4,
  "lib/audit": 4,
  "lib/warnings": 4,
  "lib/members": 4,
  "lib/invitations": 4,
  "lib/launcher": 4,
  "lib/releases": 4,
  "lib/downloads": 4,
  "lib/pages": 4,
  "lib/messages": 4,
  "lib/projects": 4,
  "lib/users": 4,
  "lib/privacy": 4,
  "lib/mail": 4,
  "lib/notifications": 4,
  "lib/system": 4,
  "lib/webhooks": 4,
  "lib/http": 3,
  "lib/auth": 2,
  "lib/audit-log": 1,
  "lib/request": 1,
  "lib/permissions": 1,
  "lib/rate-limit": 1,
  "lib/files": 1,
  "lib/markdown": 1,
  "lib/secrets": 1,
  "lib/i18n": 1,
  "lib/db": 1,
  "lib/cache": 1,
  "lib/redis": 1,
  "lib/errors.ts": 1,
};

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(full);
  }
  return files;
}

function compilerOptions(): ts.CompilerOptions {
  const configPath = path.join(ROOT, "tsconfig.json");
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config, ts.sys, ROOT).options;
}

/**
 * File-level graph: "lib/a/b.ts" -> the files it imports inside `into` (by default its own
 * folder): importGraph("components", ["app"]) is what components/ imports from app/.
 */
export function importGraph(folder = "lib", into: string[] = [folder]): Graph {
  const options = compilerOptions();
  const host = ts.createCompilerHost(options);
  const base = path.join(ROOT, folder);
  const graph: Graph = new Map();
  for (const file of sourceFiles(base)) {
    const info = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
    const targets = new Set<string>();
    for (const { fileName } of info.importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, options, host).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) continue;
      const target = path.relative(ROOT, resolved.resolvedFileName);
      if (into.some((top) => target.startsWith(`${top}/`)) && !target.split("/").some((part) => SKIP.has(part))) {
        targets.add(target);
      }
    }
    graph.set(path.relative(ROOT, file), targets);
  }
  return graph;
}

/** "lib/http/route.ts" -> "lib/http"; a file directly in lib/ stands for itself. */
export function folderOf(file: string): string {
  const parts = file.split("/");
  return parts.length > 2 ? parts.slice(0, 2).join("/") : file;
}

/** Folder-level graph: an edge a -> b when a file of a imports a file of b. */
export function folderGraph(files: Graph): Graph {
  const graph: Graph = new Map();
  for (const [file, targets] of files) {
    const from = folderOf(file);
    const edges = graph.get(from) ?? new Set<string>();
    for (const target of targets) {
      const to = folderOf(target);
      if (to !== from) edges.add(to);
    }
    graph.set(from, edges);
  }
  return graph;
}

/**
 * Every import that points to a higher layer, as "lib/auth/sign-in.ts (layer 2) -> lib/mail/outbox.ts
 * (layer 4)". Files of folders missing from the table are left to the check that every folder is in it.
 */
export function describeUpwardImports(files: Graph, layers: Record<string, number> = LAYERS): string[] {
  const upward: string[] = [];
  for (const [file, targets] of files) {
    const from = layers[folderOf(file)];
    for (const target of targets) {
      const to = layers[folderOf(target)];
      if (from !== undefined && to !== undefined && to > from) upward.push(`${file} (layer ${from}) -> ${target} (layer ${to})`);
    }
  }
  return upward.sort();
}

/** Strongly connected components with more than one node, or a node importing itself (Tarjan). */
function tangles(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];

  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.has(node)) found.push(component.sort());
    }
  };

  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** One concrete loop inside a tangle, as a path "a -> b -> ... -> a", by breadth-first search. */
function loopThrough(graph: Graph, component: string[]): string {
  const members = new Set(component);
  const start = component[0];
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const loop = [start];
        for (let at = node; at !== start; at = previous.get(at)!) loop.unshift(at);
        loop.unshift(start);
        return loop.join(" -> ");
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return component.join(" -> ");
}

/** Every circle in the graph, described as "members: {a, b, c}; for example a -> b -> a". */
export function describeCycles(graph: Graph): string[] {
  return tangles(graph).map((component) => `{${component.join(", ")}}; for example ${loopThrough(graph, component)}`);
}

/**
 * What a browser bundle would hold of our own code: from every `"use client"` file of `roots`,
 * the files reached through value imports (an `import type`, or a named import whose every name
 * is `type`, leaves nothing in the bundle), stopping at `"use server"` files (the bundle holds a
 * reference to a server action, not its module). Returns each client file with what it reaches.
 */
export function clientBundles(roots = ["app", "components"]): Map<string, Set<string>> {
  const options = compilerOptions();
  const host = ts.createCompilerHost(options);
  const imports = new Map<string, string[]>();
  const directive = (file: string) => /^\s*["']use (client|server)["']/.exec(fs.readFileSync(file, "utf8"))?.[1];
  const valueImportsOf = (file: string): string[] => {
    const known = imports.get(file);
    if (known) return known;
    const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
    const specifiers = source.statements.flatMap((statement) => {
      if (ts.isImportDeclaration(statement)) {
        const clause = statement.importClause;
        const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
        const typesOnly =
          clause?.isTypeOnly || (clause && !clause.name && named && named.length > 0 && named.every((name) => name.isTypeOnly));
        return typesOnly ? [] : [(statement.moduleSpecifier as ts.StringLiteral).text];
      }
      if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
        return [(statement.moduleSpecifier as ts.StringLiteral).text];
      }
      return [];
    });
    const resolved = specifiers.flatMap((specifier) => {
      const module = ts.resolveModuleName(specifier, file, options, host).resolvedModule;
      return module && !module.isExternalLibraryImport && !module.resolvedFileName.endsWith(".d.ts") ? [module.resolvedFileName] : [];
    });
    imports.set(file, resolved);
    return resolved;
  };
  const bundles = new Map<string, Set<string>>();
  for (const root of roots) {
    for (const file of sourceFiles(path.join(ROOT, root))) {
      if (directive(file) !== "client") continue;
      const reached = new Set<string>();
      const queue = [file];
      while (queue.length > 0) {
        for (const target of valueImportsOf(queue.pop()!)) {
          const name = path.relative(ROOT, target);
          if (reached.has(name) || directive(target) === "server") continue;
          reached.add(name);
          queue.push(target);
        }
      }
      bundles.set(path.relative(ROOT, file), reached);
    }
  }
  return bundles;
}
