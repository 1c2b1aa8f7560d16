/**
 * An unwritable $GITHUB_STEP_SUMMARY (a directory, a path under a file, a directory that is gone —
 * each fails for root too) is one warning line: the lint or stats result and its exit code stand.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../../src/6-front-ends/cli/program.js";
import { captureIO } from "../helpers/capture-io.js";
import { repoRoot } from "../helpers/locations.js";

const BROKEN = "---js\nmodule.exports = {}\n---\n# Notes\n\n## Next steps\n\n- run it\n";
const ANNOTATION =
  "::error file=h.md,line=1,col=1,endLine=2,title=frontmatter-syntax::Unsupported frontmatter language '---js': handoffkit reads YAML, JSON and TOML frontmatter and never evaluates a block\n";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "handoffkit-summary-"));
  writeFileSync(path.join(dir, "h.md"), BROKEN);
  writeFileSync(path.join(dir, "a-file"), "");
  mkdirSync(path.join(dir, "a-directory"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const unwritable = (): Array<[string, string, string]> => [
  ["a directory", path.join(dir, "a-directory"), "EISDIR"],
  ["a path under a file", path.join(dir, "a-file", "summary.md"), "ENOTDIR"],
  ["a directory that is gone", path.join(dir, "gone", "summary.md"), "ENOENT"],
];

describe("an unwritable $GITHUB_STEP_SUMMARY", () => {
  it("is one warning line for lint --format github: the annotations and exit 1 stand", async () => {
    for (const [, summary, code] of unwritable()) {
      const out = captureIO(dir, { NO_COLOR: "1", GITHUB_STEP_SUMMARY: summary });
      expect(await runCli(["lint", "--format", "github", "--no-markdownlint", "h.md"], out.io)).toBe(1);
      expect(out.stdout()).toBe(ANNOTATION);
      expect(out.stderr()).toBe(`handoff: warning: cannot append to the job summary $GITHUB_STEP_SUMMARY (${summary}: ${code}); the result stands\n`);
    }
  });

  it("keeps exit 0 for a clean run", async () => {
    writeFileSync(path.join(dir, "h.md"), "# Notes\n\n## Next steps\n\n- run it\n");
    const summary = path.join(dir, "a-directory");
    const out = captureIO(dir, { NO_COLOR: "1", GITHUB_STEP_SUMMARY: summary });
    expect(await runCli(["lint", "--format", "github", "--no-markdownlint", "h.md"], out.io)).toBe(0);
    expect(out.stderr()).toBe(`handoff: warning: cannot append to the job summary $GITHUB_STEP_SUMMARY (${summary}: EISDIR); the result stands\n`);
  });

  it("is one warning line for stats --summary: the report and the gate's exit stand", async () => {
    const summary = path.join(dir, "a-directory");
    const passing = captureIO(repoRoot, { NO_COLOR: "1", GITHUB_STEP_SUMMARY: summary });
    expect(await runCli(["stats", "--format", "markdown", "--summary", "corpus/adoption-35"], passing.io)).toBe(0);
    expect(passing.stdout()).toContain("| v1 headings (Durable context, Verified facts, Next action) | `v1-headings` | 14 of 35 | 40.0% |");
    expect(passing.stderr()).toBe(`handoff: warning: cannot append to the job summary $GITHUB_STEP_SUMMARY (${summary}: EISDIR); the result stands\n`);
    const failing = captureIO(repoRoot, { NO_COLOR: "1", GITHUB_STEP_SUMMARY: summary });
    expect(await runCli(["stats", "--format", "markdown", "--summary", "--fail-under", "v1-headings=50%", "corpus/adoption-35"], failing.io)).toBe(1);
    expect(failing.stderr().split("\n")[0]).toBe(
      `handoff: warning: cannot append to the job summary $GITHUB_STEP_SUMMARY (${summary}: EISDIR); the result stands`,
    );
  });
});
