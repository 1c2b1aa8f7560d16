/**
 * One-way dependencies (ARCHITECTURE.md): no import cycle (type imports included) among the
 * modules of `src/` and `rules/`, no two-way dependency between folders, no stage importing a
 * later one, no front end importing another, and the rules within a stage.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
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
    expect(graph.get("src/3-check/pipeline/schedule.ts")).toContain("src/3-check/pipeline/session.ts");
    expect(graph.get("src/3-check/pipeline/protocol.ts")).toContain("src/3-check/pipeline/options.ts");
  });

  it("has no cycle", () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it("has no two-way folder dependency: a folder's files never import a folder whose files import it", () => {
    expect(twoWayFolders(graph)).toEqual([]);
  });

  it("catches a two-way folder dependency", () => {
    const twoWay: ImportGraph = new Map([
      ["src/a/x.ts", ["src/b/y.ts"]],
      ["src/b/y.ts", []],
      ["src/b/z.ts", ["src/a/w.ts"]],
      ["src/a/w.ts", []],
    ]);
    expect(twoWayFolders(twoWay)).toEqual(["src/a ↔ src/b (src/a/x.ts → src/b/y.ts; src/b/z.ts → src/a/w.ts)"]);
  });

  it("never imports a later stage: load → parse → check → report → operations → front ends", () => {
    const later = [...graph].flatMap(([file, targets]) => targets.filter((target) => stageOf(target) > stageOf(file)).map((target) => `${file} → ${target}`));
    expect(later).toEqual([]);
  });

  it("reads each file's stage from its folder (rules/ are checks; src/index.ts is the library front end)", () => {
    expect(
      [
        "src/0-platform/fs/atomic-write.ts",
        "src/1-load/read.ts",
        "src/2-parse/document/parse.ts",
        "rules/stale.ts",
        "src/4-report/sarif.ts",
        "src/5-operations/seal.ts",
        "src/6-front-ends/cli/program.ts",
        "src/index.ts",
      ].map(stageOf),
    ).toEqual([0, 1, 2, 3, 4, 5, 6, 6]);
    expect(readdirSync(path.join(repoRoot, "src")).sort()).toEqual([
      "0-platform",
      "1-load",
      "2-parse",
      "3-check",
      "4-report",
      "5-operations",
      "6-front-ends",
      "index.ts",
    ]);
  });

  // What may not import what, within a stage (ARCHITECTURE.md): importer pattern, imported pattern.
  const forbidden: Array<[string, RegExp, RegExp]> = [
    ["no rule imports the pipeline that runs it", /^rules\//, /^src\/3-check\/(pipeline|cache)\/|^src\/3-check\/lint\.ts$/],
    ["the engine imports neither the pipeline nor the cache", /^src\/3-check\/engine\//, /^src\/3-check\/(pipeline|cache)\/|^src\/3-check\/lint\.ts$/],
    ["the pipeline imports not its own API module", /^src\/3-check\/pipeline\//, /^src\/3-check\/lint\.ts$/],
    ["no front end imports another (the executable, bin/, composes them)", /^src\/6-front-ends\/(?!bin\/)([\w-]+)\/|^src\/index\.ts$/, /^src\/6-front-ends\//],
    ["nothing imports the package entry", /./, /^src\/index\.ts$/],
  ];
  it.each(forbidden)("%s", (rule, importer, imported) => {
    const reaching = [...graph].flatMap(([file, targets]) =>
      importer.test(file)
        ? targets
            .filter((target) => imported.test(target) && !(rule.startsWith("no front end") && sameFrontEnd(file, target)))
            .map((target) => `${file} → ${target}`)
        : [],
    );
    expect(reaching).toEqual([]);
  });

  it("catches a rule importing the pipeline, and the MCP server importing the command line", () => {
    const [, importer, imported] = forbidden[0] as [string, RegExp, RegExp];
    expect(importer.test("rules/expiry.ts") && imported.test("src/3-check/pipeline/schedule.ts")).toBe(true);
    expect(importer.test("rules/expiry.ts") && imported.test("src/3-check/engine/rule.ts")).toBe(false);
    const [, frontEnd, other] = forbidden[3] as [string, RegExp, RegExp];
    expect(
      frontEnd.test("src/6-front-ends/mcp/tools.ts") &&
        other.test("src/6-front-ends/cli/list.ts") &&
        !sameFrontEnd("src/6-front-ends/mcp/tools.ts", "src/6-front-ends/cli/list.ts"),
    ).toBe(true);
    expect(frontEnd.test("src/6-front-ends/bin/main.ts")).toBe(false);
  });
});

/** The stage of a module: the number its folder under src/ starts with; rules/ are checks (3); src/index.ts, the library, a front end (6). */
function stageOf(file: string): number {
  if (file.startsWith("rules/")) return 3;
  if (file === "src/index.ts") return 6;
  const stage = /^src\/(\d)-/.exec(file)?.[1];
  if (stage === undefined) throw new Error(`${file} is in no stage folder`);
  return Number(stage);
}

/** Whether two front-end files are of the same front end (`src/6-front-ends/<name>/`). */
function sameFrontEnd(a: string, b: string): boolean {
  const name = (file: string) => /^src\/6-front-ends\/([\w-]+)\//.exec(file)?.[1];
  return name(a) !== undefined && name(a) === name(b);
}

/** Each pair of folders whose files import each other, with one import each way. */
function twoWayFolders(graph: ImportGraph): string[] {
  const edges = new Map<string, string>();
  for (const [file, targets] of graph) {
    for (const target of targets) {
      const [from, to] = [path.posix.dirname(file), path.posix.dirname(target)];
      if (from !== to && !edges.has(`${from} ${to}`)) edges.set(`${from} ${to}`, `${file} → ${target}`);
    }
  }
  const pairs: string[] = [];
  for (const [key, example] of edges) {
    const [from, to] = key.split(" ") as [string, string];
    const back = edges.get(`${to} ${from}`);
    if (back !== undefined && from < to) pairs.push(`${from} ↔ ${to} (${example}; ${back})`);
  }
  return pairs.sort();
}
