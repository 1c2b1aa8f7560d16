/**
 * Fuzzing the whole pipeline: load → parse → every rule → every reporter. For arbitrary bytes,
 * Markdown, YAML frontmatter and JSON records: no exception escapes, every file yields exactly one
 * result under its own path, no rule reports an internal error, and every output format renders
 * (JSON and SARIF as valid JSON, one diagnostic per finding).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import type { FileResult } from "../../src/3-check/engine/diagnostic.js";
import { createSession, lintPaths, lintText } from "../../src/3-check/lint.js";
import { bytesArb, fileNameArb, fuzzOptions, fuzzRuns, fuzzTimeout, jsonRecordArb, markdownArb } from "./arbitraries.js";
import { renderAll } from "./reporters.js";

const session = createSession({ cwd: "/repo", now: new Date("2026-06-01T00:00:00Z") });
const RUNS = fuzzRuns(25);

/** Lints `input` as `name` and renders every format; fails the property on any defect. */
function lintAndReport(name: string, input: string | Uint8Array): FileResult {
  const result = lintText(name, input, session);
  expect(result.path).toBe(name);
  expect(result.internalErrors).toEqual([]);
  for (const d of result.diagnostics) {
    expect(d.line).toBeGreaterThanOrEqual(1);
    expect(d.column).toBeGreaterThanOrEqual(1);
  }
  for (const [format, output] of renderAll([result])) {
    expect(typeof output, format).toBe("string");
    if (format === "json")
      expect((JSON.parse(output) as { files: Array<{ diagnostics: unknown[] }> }).files[0]?.diagnostics).toHaveLength(result.diagnostics.length);
    if (format === "sarif") expect((JSON.parse(output) as { runs: Array<{ results: unknown[] }> }).runs[0]?.results).toHaveLength(result.diagnostics.length);
  }
  return result;
}

describe(`fuzz: the pipeline never crashes (${RUNS} runs per property)`, () => {
  it(
    "arbitrary Markdown (fragments: headings, lists, fences, tables, comments, frontmatter, links, unicode)",
    () => {
      fc.assert(
        fc.property(markdownArb, (text) => void lintAndReport("doc.md", text)),
        fuzzOptions(RUNS),
      );
    },
    fuzzTimeout(RUNS, 200),
  );

  it(
    "arbitrary Markdown with CRLF and CR-only line endings",
    () => {
      fc.assert(
        fc.property(markdownArb, fc.constantFrom("\r\n", "\r"), (text, eol) => void lintAndReport("doc.md", text.replace(/\n/g, eol))),
        fuzzOptions(RUNS),
      );
    },
    fuzzTimeout(RUNS, 200),
  );

  it(
    "arbitrary bytes (random, or a document with invalid UTF-8, NUL bytes and UTF-16 BOMs spliced in)",
    () => {
      fc.assert(
        fc.property(bytesArb, fc.constantFrom("doc.md", "record.json", "notes.txt"), (bytes, name) => void lintAndReport(name, bytes)),
        fuzzOptions(RUNS),
      );
    },
    fuzzTimeout(RUNS, 200),
  );

  it(
    "arbitrary JSON records, in .json files and in fenced json blocks of Markdown",
    () => {
      fc.assert(
        fc.property(jsonRecordArb, (json) => {
          lintAndReport("record.json", json);
          lintAndReport("handoff.md", `# Handoff\n\n\`\`\`json\n${json}\n\`\`\`\n`);
        }),
        fuzzOptions(RUNS),
      );
    },
    fuzzTimeout(RUNS, 300),
  );

  it(
    "arbitrary strings of any unicode (lone surrogates included) as Markdown",
    () => {
      fc.assert(
        fc.property(fc.string({ unit: "binary", maxLength: 300 }), (text) => void lintAndReport("doc.md", text)),
        fuzzOptions(RUNS),
      );
    },
    fuzzTimeout(RUNS, 200),
  );
});

describe("fuzz: a directory of hostile files", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const runs = Math.max(5, Math.floor(RUNS / 6));

  it(
    `every file yields exactly one result, in order (${runs} runs)`,
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(fc.tuple(fileNameArb, fc.oneof(markdownArb, jsonRecordArb)), { minLength: 1, maxLength: 6, selector: ([name]) => name.toLowerCase() }),
          async (files) => {
            const dir = mkdtempSync(path.join(tmpdir(), "handoff-fuzz-"));
            dirs.push(dir);
            for (const [name, text] of files) writeFileSync(path.join(dir, name), text);
            const run = await lintPaths(["."], createSession({ cwd: dir }));
            expect(run.results.map((r) => r.path).sort()).toEqual(files.map(([name]) => name).sort());
            expect(run.results.flatMap((r) => r.internalErrors)).toEqual([]);
            for (const [, output] of renderAll(run.results)) expect(typeof output).toBe("string");
          },
        ),
        fuzzOptions(runs),
      );
    },
    fuzzTimeout(runs, 1500),
  );
});
