/**
 * One-way dependencies (ARCHITECTURE.md): no import cycle (type imports included) among the
 * modules of `src/` and `rules/`, no rule importing from the report, command or pipeline stages,
 * and no stage importing a later one.
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

  // What may not import what (ARCHITECTURE.md): importer pattern, imported pattern.
  const forbidden: Array<[string, RegExp, RegExp]> = [
    ["no rule imports from src/report/, src/cli/ or src/pipeline/", /^rules\//, /^src\/(report|cli|pipeline)\/|^src\/(lint|index)\.ts$/],
    ["the engine imports no later stage", /^src\/engine\//, /^src\/(pipeline|report|cli)\/|^src\/(lint|index)\.ts$/],
    ["reporters import neither the pipeline nor commands", /^src\/report\//, /^src\/(pipeline|cli)\/|^src\/(lint|index)\.ts$/],
    ["the pipeline imports no command and not its own API modules", /^src\/pipeline\//, /^src\/cli\/|^src\/(lint|index)\.ts$/],
    ["only the front ends (commands, the MCP server) import commands", /^(?!src\/(cli|mcp)\/)/, /^src\/cli\//],
    ["nothing imports the package entry", /./, /^src\/index\.ts$/],
  ];
  it.each(forbidden)("%s", (_rule, importer, imported) => {
    const reaching = [...graph].flatMap(([file, targets]) => (importer.test(file) ? targets.filter((target) => imported.test(target)).map((target) => `${file} → ${target}`) : []));
    expect(reaching).toEqual([]);
  });

  it("catches a rule importing a reporter", () => {
    const [, importer, imported] = forbidden[0] as [string, RegExp, RegExp];
    expect(importer.test("rules/expiry.ts") && imported.test("src/report/json.ts")).toBe(true);
    expect(importer.test("rules/expiry.ts") && imported.test("src/engine/rule.ts")).toBe(false);
  });
});
