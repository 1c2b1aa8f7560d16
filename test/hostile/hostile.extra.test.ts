/**
 * Big hostile inputs, generated here (1 MB lines, 10,000-level nesting, 100k headings): every one
 * must finish (a generous bound of CPU time, not a speed test) with an exact, clear finding and no
 * internal error. The small ones are in ./hostile.test.ts.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Diagnostic, FileResult } from "../../src/3-check/engine/diagnostic.js";
import { createSession, lintText } from "../../src/3-check/lint.js";
import { cpuMs, describeGrowth, measureGrowth } from "../helpers/cpu-time.js";
import { repoRoot } from "../helpers/locations.js";

const FIXTURES = path.join(repoRoot, "test/fixtures/hostile");
const session = createSession({ cwd: FIXTURES, now: new Date("2026-06-01T00:00:00Z") });
const shown = (d: Diagnostic) => `${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.severity} ${d.ruleId} ${d.message}`;
const of = (result: FileResult, ruleId: string) => result.diagnostics.filter((d) => d.ruleId === ruleId).map(shown);

/** Lints `text`, asserting it used at most `boundMs` of CPU time (generous) and raised no internal error. */
function lintBounded(name: string, text: string | Uint8Array, boundMs = 20_000): FileResult {
  let result: FileResult | undefined;
  const used = cpuMs(() => {
    result = lintText(name, text, session);
  });
  if (!result) throw new Error("lint did not run");
  expect(used).toBeLessThan(boundMs);
  expect(result.internalErrors).toEqual([]);
  return result;
}

describe("hostile Markdown (generated)", () => {
  it("10,000 nested blockquotes: one markdown-limits finding, no stack overflow", () => {
    const result = lintBounded("quotes.md", `# T\n\n${">".repeat(10_000)} x\n\n## Next steps\n\nRun it.\n`);
    expect(of(result, "markdown-limits")).toEqual([
      "3:1-3:10003 warning markdown-limits Not parsed as Markdown: a line opens up to 10000 nested block containers (> or list markers), over the limit of 100",
    ]);
    expect(result.diagnostics.map((d) => d.ruleId)).toEqual(["markdown-limits"]);
  });

  it("10,000 nested lists: one markdown-limits finding, no stack overflow", () => {
    const result = lintBounded("lists.md", `# T\n\n${"- ".repeat(10_000)}x\n\n## Next steps\n\nRun it.\n`);
    expect(of(result, "markdown-limits")).toEqual([
      "3:1-3:20002 warning markdown-limits Not parsed as Markdown: a line opens up to 10000 nested block containers (> or list markers), over the limit of 100",
    ]);
  });

  it("10,000 lines each nested one level deeper by indentation: the deep lines are skipped", () => {
    const lines = Array.from({ length: 1_000 }, (_, i) => `${"  ".repeat(i)}- x`).join("\n");
    const result = lintBounded("indent.md", `# T\n\n${lines}\n`);
    expect(of(result, "markdown-limits")).toEqual([
      "3:1-1002:2002 warning markdown-limits Not parsed as Markdown: a line opens up to 1000 nested block containers (> or list markers), over the limit of 100",
    ]);
  });

  it.each([
    ["[<", "brackets and angle brackets"],
    ["*_", "unmatched emphasis delimiters (quadratic in micromark: over an hour unguarded)"],
    ["[a](", "unclosed links"],
  ])("a 1 MB single line of %s (%s): one markdown-limits finding", (unit) => {
    const line = unit.repeat(Math.ceil(1_000_000 / unit.length)).slice(0, 1_000_000);
    const delimiters = [...line].filter((c) => "*_~[]()<>!`".includes(c)).length;
    const result = lintBounded("line.md", `# T\n\n${line}\n`);
    expect(of(result, "markdown-limits")).toEqual([
      `3:1-3:1000001 warning markdown-limits Not parsed as Markdown: ${delimiters} emphasis/link delimiter characters in one block, over the limit of 5000`,
    ]);
  });

  it("200 blocks of 4,800 delimiters each: the first four fit the document budget, the rest are skipped", () => {
    const result = lintBounded("blocks.md", `# T\n\n${`${"*_".repeat(2_400)}\n\n`.repeat(200)}`);
    const findings = of(result, "markdown-limits");
    expect(findings).toHaveLength(196);
    expect(findings[0]).toBe(
      "11:1-11:4801 warning markdown-limits Not parsed as Markdown: this block's 4800 emphasis/link delimiter characters push the document past its parse budget (100000000 = sum of squares per block)",
    );
  });

  it("a 1 MB single line of prose parses normally (no finding from markdown-limits)", () => {
    const result = lintBounded("prose.md", `# T\n\n${"word ".repeat(200_000).trimEnd()}\n\n## Next steps\n\nRun it.\n`);
    expect(result.diagnostics.map(shown)).toEqual([]);
  });

  it("100,000 headings: the first 5,000 blocks are parsed (every duplicate among them reported), the rest is one finding", () => {
    const result = lintBounded("headings.md", `# T\n\n${"## h\n\n".repeat(100_000)}`);
    expect(of(result, "duplicate-section")).toHaveLength(4_998);
    expect(of(result, "duplicate-section")[0]).toBe("5:1-5:5 warning duplicate-section Duplicate section 'h' (first on line 3)");
    expect(of(result, "markdown-limits")).toEqual([
      "10001:1-200001:5 warning markdown-limits Not parsed as Markdown from here on: the document opens 100001 blocks (paragraphs, headings, list items, quotes, table rows), over the limit of 5000; the rest is read as plain text",
    ]);
  });

  it.each([
    ["one-line paragraphs", "word\n\n", 160_000, "10001:1-320001:5", 160_001],
    ["list items", "- item\n", 140_000, "5002:1-140002:7", 140_001],
    ["headings", "## h\n\n", 160_000, "10001:1-320001:5", 160_001],
  ])("a 1 MB document of %s: parsed up to the block budget, the rest reported once", (_name, unit, repeat, range, blocks) => {
    const result = lintBounded("blocks.md", `# T\n\n${unit.repeat(repeat)}`);
    expect(of(result, "markdown-limits")).toEqual([
      `${range} warning markdown-limits Not parsed as Markdown from here on: the document opens ${blocks} blocks (paragraphs, headings, list items, quotes, table rows), over the limit of 5000; the rest is read as plain text`,
    ]);
  });

  it("a 1 MB document of list items is linted by the shipped CLI in a 300 MB heap (it took 4 GB unbounded)", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "handoffkit-blocks-"));
    try {
      writeFileSync(path.join(dir, "HANDOFF.md"), `# T\n\n${"- item\n".repeat(140_000)}`);
      const run = spawnSync(
        process.execPath,
        ["--max-old-space-size=300", path.join(repoRoot, "dist/bundle/main.js"), "lint", "--format", "json", "HANDOFF.md"],
        { cwd: dir, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
      );
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      const report = JSON.parse(run.stdout) as { files: { diagnostics: { ruleId: string }[] }[] };
      expect(report.files[0]!.diagnostics.map((d) => d.ruleId)).toEqual(["markdown-limits"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("hostile tables for the secret scan", () => {
  it("1 MB holding 30,000 credentials: every one reported and masked, within the bound (the masking took 117 s)", () => {
    const result = lintBounded("many.md", `# T\n\n${"key AKIA2QWERTYUIOPASDFG and api_token = Zq8vR2mT5kL9x\n".repeat(15_000)}`);
    const secrets = result.diagnostics.filter((d) => d.ruleId === "no-secrets");
    expect(secrets).toHaveLength(30_000);
    expect(secrets.some((d) => d.message.includes("AKIA2QWERTY") || d.message.includes("Zq8vR2mT5kL9x"))).toBe(false);
  });

  it("table rows read as key = value pairs: ten times the rows cost well under a hundred times the time", () => {
    const rows = (n: number) => `# T\n\n${"| api_token | Zq8vR2mT5kL9 | secret | x9Kd2LmQ7wPz |\n".repeat(n)}`;
    const only = createSession({ cwd: FIXTURES, onlyRules: ["no-secrets"], now: new Date("2026-06-01T00:00:00Z") });
    const growth = measureGrowth(
      () => lintText("rows.md", rows(1_500), only),
      () => lintText("rows.md", rows(15_000), only),
    );
    expect(growth.largeMs, describeGrowth(growth)).toBeLessThanOrEqual(growth.limitMs);
  });
});

describe("hostile headings for profile detection", () => {
  it("a 1 MB run of one-line setext headings is read in one pass (a tester's 100 KB case took 16 s)", () => {
    const small = "a\n=\n".repeat(25_000);
    const large = "a\n=\n".repeat(250_000);
    const only = createSession({ cwd: FIXTURES, onlyRules: ["no-secrets"], now: new Date("2026-06-01T00:00:00Z") });
    const results: FileResult[] = [];
    const growth = measureGrowth(
      () => results.push(lintText("setext.md", small, only)),
      () => results.push(lintText("setext.md", large, only)),
    );
    expect(growth.largeMs, describeGrowth(growth)).toBeLessThanOrEqual(growth.limitMs);
    expect(results.map((r) => [r.profile, r.diagnostics.length, r.internalErrors.length])).toEqual(results.map(() => ["generic", 0, 0]));
  });
});
