/**
 * Deeply nested JSON records: bounded by a one-pass depth scan before any recursive parser sees
 * them, so a 200 KB `.json` handoff of 100,000 nested arrays is a `record-syntax` finding, never a
 * stack overflow, on the main thread and on workers alike.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../src/6-front-ends/cli/program.js";
import { parseJsonRecord } from "../../src/2-parse/document/json-record.js";
import { jsonNestingTooDeepAt, MAX_NESTING_DEPTH } from "../../src/2-parse/document/nesting.js";
import { createSession, lintText } from "../../src/3-check/lint.js";
import { captureIO } from "../helpers/capture-io.js";

const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const record = (value: string) => `{"schema": "verified-delivery/handoff-v1", "directive": "x", "deep": ${value}}\n`;
/** Where the value starts in {@link record}'s text. */
const VALUE_AT = record("X").indexOf("X");
const TOO_DEEP = `JSON record nests too deeply: more than ${MAX_NESTING_DEPTH} levels of arrays and objects; it was not parsed`;

describe("jsonNestingTooDeepAt", () => {
  it("finds the first bracket past the limit, ignoring brackets inside strings and escaped quotes", () => {
    expect(jsonNestingTooDeepAt(nested(3), 3)).toBe(-1);
    expect(jsonNestingTooDeepAt(nested(4), 3)).toBe(3);
    expect(jsonNestingTooDeepAt(`["[[[[\\"[[[[", {"a": [{}]}]`, 4)).toBe(-1);
    expect(jsonNestingTooDeepAt(`["[[[[\\"[[[[", {"a": [{}]}]`, 3)).toBe(22);
    expect(jsonNestingTooDeepAt(`[{"a": [{"b": 1}]}]`, 3)).toBe(8);
  });

  it("parses a record at the limit and refuses one a level deeper", () => {
    expect(parseJsonRecord(record(nested(MAX_NESTING_DEPTH - 1)), 0, "file").errors).toEqual([]);
    const deeper = parseJsonRecord(record(nested(MAX_NESTING_DEPTH)), 10, "file");
    expect(deeper.errors).toEqual([{ message: TOO_DEEP, offset: 10 + VALUE_AT + MAX_NESTING_DEPTH - 1, endOffset: 10 + VALUE_AT + MAX_NESTING_DEPTH }]);
    expect(deeper.data).toBeUndefined();
  });

  it("runs every rule on a record nested to the limit without an internal error", () => {
    const result = lintText("h.json", record(nested(MAX_NESTING_DEPTH - 1)), createSession({ cwd: "/virtual" }));
    expect(result.internalErrors).toEqual([]);
  });
});

describe("a 200 KB .json handoff of 100,000 nested arrays", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "handoffkit-deep-json-"));
    writeFileSync(path.join(dir, "deep.json"), nested(100_000));
    writeFileSync(path.join(dir, "fenced.md"), `# Notes\n\n## Next steps\n\n- read it\n\n\`\`\`json\n${record(nested(2_000))}\`\`\`\n`);
    writeFileSync(path.join(dir, "ok.md"), "# Notes\n\n## Next steps\n\n- ship it\n");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  for (const workers of [[], ["--workers", "1"]]) {
    it(`is a record-syntax finding in a directory run that goes on (exit 1, not 2)${workers.length ? " on a worker" : ""}`, async () => {
      const cap = captureIO(dir);
      const code = await runCli(["lint", "--no-markdownlint", ...workers, "."], cap.io);
      expect(cap.stderr()).toBe("");
      expect(code).toBe(1);
      expect(cap.stdout()).toBe(
        [
          "deep.json",
          `  1:${MAX_NESTING_DEPTH + 1}  error  ${TOO_DEEP}  record-syntax`,
          "",
          "fenced.md",
          `  8:${VALUE_AT + MAX_NESTING_DEPTH}  error  ${TOO_DEEP}  record-syntax`,
          "",
          "✖ 2 problems (2 errors, 0 warnings, 0 info) in 2 of 3 files",
          "",
        ].join("\n"),
      );
    });
  }

  it("leaves the SARIF log's invocation successful (a finding, not a crash)", async () => {
    const cap = captureIO(dir);
    await runCli(["lint", "--no-markdownlint", "--format", "sarif", "deep.json"], cap.io);
    const log = JSON.parse(cap.stdout()) as { runs: Array<{ invocations: unknown[]; results: Array<{ ruleId: string }> }> };
    expect(log.runs[0]?.invocations).toEqual([
      { executionSuccessful: true, exitCode: 1, exitCodeDescription: "errors found, or more warnings than --max-warnings" },
    ]);
    expect(log.runs[0]?.results.map((r) => r.ruleId)).toEqual(["record-syntax"]);
  });
});
