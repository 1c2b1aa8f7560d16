/**
 * The import graph of `src/` and `rules/` and the cycles in it (Tarjan's strongly connected
 * components). Specifiers are read from the source text, type imports included (TypeScript 7 has
 * no JavaScript API, and bundlers drop type-only imports before resolving them): every statement
 * starting a line with `import` or `export` and naming a module with `from "…"` (`import type`,
 * `export … from`), a bare `import "…"`, and every `import("…")` (dynamic imports and `import()`
 * types). Only relative specifiers naming a scanned file are edges.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** Module (repository-relative path, `/`-separated) → the modules it imports. */
export type ImportGraph = Map<string, string[]>;

function sourceFiles(root: string, directory: string): string[] {
  return readdirSync(path.join(root, directory), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${directory}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(root, relative);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [relative] : [];
  });
}

const STATIC_IMPORT = /^(?:import|export)\b[^;]+?\bfrom\s*["']([^"']+)["']/gm;
const BARE_IMPORT = /^import\s*["']([^"']+)["']/gm;
const IMPORT_CALL = /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

/** The module specifiers `text` (TypeScript source) imports, in order of appearance per kind. */
export function importSpecifiers(text: string): string[] {
  return [STATIC_IMPORT, BARE_IMPORT, IMPORT_CALL].flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1] as string));
}

/** The graph of every `.ts` file under `directories` of `root`; only relative imports are edges. */
export function importGraph(root: string, directories: readonly string[]): ImportGraph {
  const files = directories.flatMap((directory) => sourceFiles(root, directory));
  const known = new Set(files);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const targets = importSpecifiers(readFileSync(path.join(root, file), "utf8"))
      .filter((name) => name.startsWith("."))
      .map((name) => path.posix.normalize(path.posix.join(path.posix.dirname(file), name)).replace(/\.js$/, ".ts"))
      .filter((target) => known.has(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every cycle's modules (strongly connected components of more than one module, or a self-import), sorted. */
export function importCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
}
