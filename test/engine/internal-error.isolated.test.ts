/**
 * An internal error (our bug) on one file: a diagnostic on that file and, in SARIF, a
 * `toolExecutionNotification` with `executionSuccessful: false` — never "no problems"; the run
 * goes on with the other files and exits 2. The bug is planted: the JSON record parser throws for
 * a record that says "CRASH", as an unbounded recursion would.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { lint as markdownlint } from "markdownlint/sync";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runCli } from "../../src/6-front-ends/cli/program.js";
import { fingerprintDiagnostic } from "../../src/3-check/engine/baseline.js";
import { internalErrorDiagnostic } from "../../src/3-check/engine/diagnostic.js";
import type { Rule } from "../../src/3-check/engine/rule.js";
import { createSession, lintText } from "../../src/3-check/lint.js";
import { markdownlintRules } from "../../src/6-front-ends/markdownlint/custom-rules.js";
import { captureIO } from "../helpers/capture-io.js";

vi.mock("../../src/2-parse/document/json-record.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/2-parse/document/json-record.js")>();
  return {
    ...original,
    parseJsonRecord: (raw: string, offset: number, origin: "file" | "fence") => {
      if (raw.includes("CRASH")) throw new RangeError("Maximum call stack size exceeded");
      return original.parseJsonRecord(raw, offset, origin);
    },
  };
});

const CRASH = "handoffkit failed on this file (RangeError: Maximum call stack size exceeded): it was not checked; please report this bug";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "handoffkit-internal-"));
  writeFileSync(path.join(dir, "a-crash.json"), '{"schema": "verified-delivery/handoff-v1", "directive": "CRASH"}\n');
  writeFileSync(path.join(dir, "b-ok.md"), "# Notes\n\n## Next steps\n\n- ship it\n");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function lint(argv: string[]) {
  const cap = captureIO(dir);
  const code = await runCli(["lint", "--no-markdownlint", "--no-workers", ...argv, "."], cap.io);
  return { code, out: cap.stdout(), err: cap.stderr() };
}

describe("an internal error on one file", () => {
  it("stylish: a finding on that file, the other file still checked, exit 2 and the stack on stderr", async () => {
    const { code, out, err } = await lint([]);
    expect(code).toBe(2);
    expect(out).toBe(`a-crash.json\n  1:1  error  ${CRASH}  internal-error\n\n✖ 1 problem (1 error, 0 warnings, 0 info) in 1 of 2 files\n`);
    expect(err).toMatch(/^handoff: internal error \(please report\): internal error on a-crash\.json: RangeError: Maximum call stack size exceeded\n {4}at /);
  });

  it("json: the finding is in the report", async () => {
    const { out } = await lint(["--format", "json"]);
    const report = JSON.parse(out) as { files: Array<{ path: string; diagnostics: Array<{ ruleId: string; message: string }> }>; summary: { errors: number } };
    expect(report.files.map((f) => [f.path, f.diagnostics.map((d) => d.ruleId)])).toEqual([
      ["a-crash.json", ["internal-error"]],
      ["b-ok.md", []],
    ]);
    expect(report.summary.errors).toBe(1);
  });

  it("sarif: a toolExecutionNotification on the file and executionSuccessful false, not a result", async () => {
    const { code, out } = await lint(["--format", "sarif"]);
    expect(code).toBe(2);
    const run = (JSON.parse(out) as { runs: Array<{ invocations: unknown; results: unknown[] }> }).runs[0];
    expect(run?.invocations).toEqual([
      {
        executionSuccessful: false,
        exitCode: 2,
        exitCodeDescription: "usage, configuration or internal error",
        toolExecutionNotifications: [
          {
            level: "error",
            message: { text: CRASH },
            descriptor: { id: "internal-error" },
            locations: [{ physicalLocation: { artifactLocation: { uri: "a-crash.json", uriBaseId: "%SRCROOT%" } } }],
          },
        ],
      },
    ]);
    expect(run?.results).toEqual([]);
  });

  it("is never written to a baseline nor removed by one", async () => {
    const file = path.join(dir, "..", `${path.basename(dir)}-baseline.json`);
    const written = await lint(["--write-baseline", file]);
    expect(written.code).toBe(2);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ version: 1, findings: [] });
    const internal = { ruleId: "internal-error", path: "a-crash.json" };
    const findings = [
      {
        ...internal,
        fingerprint: fingerprintDiagnostic(
          "a-crash.json",
          internalErrorDiagnostic("handoffkit", new RangeError("Maximum call stack size exceeded"), "it was not checked"),
        ),
      },
    ];
    writeFileSync(file, JSON.stringify({ version: 1, findings }));
    const { code, out } = await lint(["--baseline", file]);
    rmSync(file);
    expect(code).toBe(2);
    expect(out).toBe(`a-crash.json\n  1:1  error  ${CRASH}  internal-error\n\n✖ 1 problem (1 error, 0 warnings, 0 info) in 1 of 2 files\n`);
  });

  it("a rule that throws: a finding naming the rule, and the other rules' findings stay", () => {
    const broken: Rule = {
      meta: { id: "broken", code: "HK999", description: "throws", defaultSeverity: "error", profiles: "all", formats: ["markdown"], tags: [], messages: {} },
      check() {
        throw new TypeError("x is undefined");
      },
    };
    const session = createSession({ cwd: dir, rules: [broken, ...createSession().rules.filter((r) => r.meta.id === "next-action")] });
    const result = lintText("h.md", "# Notes\n\n- TODO x\n", session);
    expect(result.diagnostics.map((d) => `${d.ruleId} ${d.message}`)).toEqual([
      "internal-error rule broken failed on this file (TypeError: x is undefined): its checks of this file are missing; please report this bug",
      "next-action No next-action section, though work is pending (a TODO or FIXME marker): say what the next session should do first (e.g. '## Next steps')",
    ]);
    expect(result.internalErrors).toHaveLength(1);
  });

  it("inside markdownlint's lint(): reported once, by the first custom rule run, never dropped", () => {
    const doc = '# Notes\n\n## Next steps\n\n- ship it\n\n```json\n{"schema": "verified-delivery/handoff-v1", "directive": "CRASH"}\n```\n';
    const results = markdownlint({ strings: { doc }, customRules: markdownlintRules, config: { default: false, handoffkit: true } });
    expect((results.doc ?? []).map((e) => `${e.lineNumber} ${e.ruleNames[1]} ${e.errorDetail}`)).toEqual([`1 frontmatter-syntax ${CRASH}`]);
  });
});
