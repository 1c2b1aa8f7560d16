/**
 * One-way dependencies: no import cycle (type imports included) among the modules of `src/` and
 * `rules/`, and no rule importing from the report or command stages (`src/report/`, `src/cli/`).
 */
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/locations.js";
import { importCycles, importGraph, importSpecifiers, type ImportGraph } from "./import-graph.js";

describe("the import graph", () => {
  const graph = importGraph(repoRoot, ["src", "rules"]);

  it("reads every kind of import, type imports included, and finds a cycle through them", () => {
    const text = [
      'import type { A } from "./a.js";',
      "import {",
      "  b,",
      '  type C } from "../c.js";',
      'export { d } from "./d.js";',
      'export type { E } from "./e.js";',
      'import "./f.js";',
      'const g = await import("./g.js");',
      'type H = import("./h.js").H;',
      '/** Words such as "import x from y" in a comment or string are not imports. */',
    ].join("\n");
    expect(importSpecifiers(text)).toEqual(["./a.js", "../c.js", "./d.js", "./e.js", "./f.js", "./g.js", "./h.js"]);
    const cyclic: ImportGraph = new Map([
      ["src/a.ts", ["src/b.ts"]],
      ["src/b.ts", ["src/c.ts"]],
      ["src/c.ts", ["src/a.ts"]],
      ["src/d.ts", ["src/d.ts"]],
      ["src/e.ts", ["src/a.ts"]],
    ]);
    expect(importCycles(cyclic)).toEqual([["src/a.ts", "src/b.ts", "src/c.ts"], ["src/d.ts"]]);
  });

  it("covers src/ and rules/", () => {
    expect(graph.size).toBeGreaterThan(150);
    expect(graph.get("src/pipeline/schedule.ts")).toContain("src/pipeline/session.ts");
    expect(graph.get("src/parallel/protocol.ts")).toContain("src/pipeline/options.ts");
  });

  it("has no cycle", () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it("has no rule importing from src/report/ or src/cli/", () => {
    const reaching = [...graph].flatMap(([file, targets]) =>
      file.startsWith("rules/") ? targets.filter((target) => /^src\/(report|cli)\//.test(target)).map((target) => `${file} → ${target}`) : [],
    );
    expect(reaching).toEqual([]);
  });
});
