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
