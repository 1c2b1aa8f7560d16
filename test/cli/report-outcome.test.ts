/**
 * The run's outcome in the CI reports: JUnit failures are what fails the run, and SARIF's
 * invocation carries the exit code.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Log } from "sarif";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../../src/6-front-ends/cli/program.js";

/** One warning (a duplicate section), no error. */
const WARNING_ONLY = "# Notes\n\n## Next steps\n\n- a\n\n## Next steps\n\n- b\n";
/** One error (unsupported frontmatter language). */
const WITH_ERROR = "---js\nx\n---\n# N\n\n## Next steps\n\n- a\n";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "handoffkit-outcome-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function lint(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await runCli(["lint", "--no-markdownlint", ...args], {
    cwd: dir,
    env: { NO_COLOR: "1" },
    stdout: { write: (t: string) => (out += t) },
    stderr: { write: (t: string) => (err += t) },
  });
  return { code, out, err };
}

describe("junit and the exit code", () => {
  it("has no <failure> when warnings leave the exit code 0", async () => {
    writeFileSync(path.join(dir, "w.md"), WARNING_ONLY);
    const result = await lint("--format", "junit", "w.md");
    expect(result.code).toBe(0);
    expect(result.out).toContain('<testsuites name="handoffkit" tests="1" failures="0" errors="0">');
    expect(result.out).not.toContain("<failure");
    expect(result.out).toContain("<system-out>warning: Duplicate section 'Next steps' (first on line 3) (duplicate-section) at w.md:7:1");
  });

  it("makes the warnings failures when they exceed --max-warnings", async () => {
    writeFileSync(path.join(dir, "w.md"), WARNING_ONLY);
    const result = await lint("--format", "junit", "--max-warnings", "0", "w.md");
    expect(result.code).toBe(1);
    expect(result.out).toContain('<testsuites name="handoffkit" tests="1" failures="1" errors="0">');
    expect(result.out).toContain('<failure type="warning" message="Duplicate section &apos;Next steps&apos; (first on line 3)">');
  });

  it("fails on the errors alone when errors fail the run", async () => {
    writeFileSync(path.join(dir, "e.md"), WITH_ERROR);
    writeFileSync(path.join(dir, "w.md"), WARNING_ONLY);
    const result = await lint("--format", "junit", "e.md", "w.md");
    expect(result.code).toBe(1);
    expect(result.out.match(/<failure type="(\w+)"/g)).toEqual(['<failure type="error"']);
  });
});

describe("sarif invocations", () => {
  it("records a successful execution with exit code 0, and with exit code 1 when findings fail the run", async () => {
    writeFileSync(path.join(dir, "w.md"), WARNING_ONLY);
    const clean = JSON.parse((await lint("--format", "sarif", "w.md")).out) as Log;
    expect(clean.runs[0]?.invocations).toEqual([{ executionSuccessful: true, exitCode: 0, exitCodeDescription: "no errors (warnings within --max-warnings)" }]);
    const failing = await lint("--format", "sarif", "--max-warnings", "0", "w.md");
    expect(failing.code).toBe(1);
    expect((JSON.parse(failing.out) as Log).runs[0]?.invocations).toEqual([
      { executionSuccessful: true, exitCode: 1, exitCodeDescription: "errors found, or more warnings than --max-warnings" },
    ]);
  });
});
