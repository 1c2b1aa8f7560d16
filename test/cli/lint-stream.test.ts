/**
 * Streaming `lint` output (stylish, json to stdout) is byte for byte the collected rendering that
 * `--output-file` writes, with --quiet, a baseline and colour; results are not kept.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runLint, type LintCommandOptions } from "../../src/6-front-ends/cli/lint.js";
import { createSession, lintPaths } from "../../src/3-check/lint.js";
import { formatJson, formatJsonEnd, formatJsonFile, formatJsonStart } from "../../src/4-report/json.js";
import { summarize } from "../../src/3-check/pipeline/summary.js";
import { captureIO } from "../helpers/capture-io.js";
import { repoRoot } from "../helpers/locations.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "handoffkit-stream-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Three folders of `corpus/` (18 files of three profiles); the extra tier's same-output test runs the whole of it. */
const INPUTS = ["corpus/sno", "corpus/trust", "corpus/hatch3r"];

async function both(options: Partial<LintCommandOptions>, inputs = INPUTS) {
  const base: LintCommandOptions = { format: "stylish", config: false, now: "2026-03-01T12:00:00Z", ...options };
  const streamed = captureIO(repoRoot);
  const streamedCode = await runLint(inputs, base, streamed.io);
  const out = path.join(dir, `report-${Math.random().toString(36).slice(2)}.txt`);
  const collected = captureIO(repoRoot);
  const collectedCode = await runLint(inputs, { ...base, outputFile: out }, collected.io);
  return { streamed: streamed.stdout(), collected: readFileSync(out, "utf8"), streamedCode, collectedCode, stderr: streamed.stderr() };
}

describe("streaming lint output", () => {
  it("prints the collected stylish and json reports byte for byte", async () => {
    for (const format of ["stylish", "json"]) {
      const run = await both({ format });
      expect(run.streamed.length).toBeGreaterThan(1000);
      expect(run.streamed).toBe(run.collected);
      expect(run.streamedCode).toBe(1);
      expect(run.collectedCode).toBe(1);
    }
  });

  it("applies --quiet, colour and a baseline per file as the collected path does", async () => {
    const baseline = path.join(dir, "baseline.json");
    await runLint(["corpus/sno"], { format: "json", config: false, now: "2026-03-01T12:00:00Z", writeBaseline: baseline }, captureIO(repoRoot).io);
    const run = await both({ format: "stylish", quiet: true, color: true, baseline });
    expect(run.streamed).toBe(run.collected);
    expect(run.stderr).toBe("handoff: 3 findings suppressed by baseline " + path.relative(repoRoot, baseline) + "\n");
  });

  it("prints nothing but the error when an input matches no file", async () => {
    const t = captureIO(repoRoot);
    expect(await runLint(["corpus/sno", "no-such-dir-*"], { format: "json", config: false }, t.io)).toBe(2);
    expect(t.stdout()).toBe("");
    expect(t.stderr()).toBe("handoff: no files match 'no-such-dir-*'\n");
  });

  it("writes formatJson's exact text in pieces, for no, one and many files", async () => {
    const { results } = await lintPaths(["corpus/sno"], createSession({ cwd: repoRoot, now: new Date("2026-03-01T12:00:00Z") }));
    for (const slice of [results.slice(0, 0), results.slice(0, 1), results]) {
      const pieces = formatJsonStart() + slice.map((r, i) => formatJsonFile(r, i)).join("") + formatJsonEnd(summarize(slice), slice.length);
      expect(pieces).toBe(formatJson(slice));
    }
  });

  it("does not keep results when asked not to, and still hands every file on in order", async () => {
    const seen: string[] = [];
    const run = await lintPaths(["corpus/sno"], createSession({ cwd: repoRoot }), (r) => seen.push(r.path), { keepResults: false });
    expect(run.results).toEqual([]);
    expect(seen).toEqual([
      "corpus/sno/cutover-brief.md",
      "corpus/sno/empty-done-section.md",
      "corpus/sno/empty-next-section.md",
      "corpus/sno/missing-risks-section.md",
      "corpus/sno/progress-record.md",
    ]);
  });
});
