/**
 * Flags as ESLint and markdownlint-cli2 users expect them: --max-warnings -1, --quiet with
 * --max-warnings, --no-error-on-unmatched-pattern, `lint -`, and contradicting or incomplete flags.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../../src/6-front-ends/cli/program.js";
import { captureIO } from "../helpers/capture-io.js";

const WARNING = "# Handoff\n\n## Current state\n\nAll good.\n\n- TODO migrate the database\n";
const WARNING_LINE =
  "  1:1  warning  No next-action section, though work is pending (a TODO or FIXME marker): say what the next session should do first (e.g. '## Next steps')  next-action\n";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "handoffkit-flags-"));
  writeFileSync(path.join(dir, "w.md"), WARNING);
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function run(argv: string[], stdin?: string) {
  const cap = captureIO(dir, { NO_COLOR: "1" }, stdin);
  const code = await runCli(argv, cap.io);
  return { code, stdout: cap.stdout(), stderr: cap.stderr() };
}

describe("lint flags", () => {
  it("--max-warnings -1 is no limit, as in ESLint", async () => {
    const result = await run(["lint", "--no-config", "--max-warnings", "-1", "w.md"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
    expect(result.stdout).toContain(WARNING_LINE);
  });

  it("--quiet --max-warnings 0: hidden warnings still count, and neither the report nor stderr calls the run clean", async () => {
    const result = await run(["lint", "--no-config", "--quiet", "--max-warnings", "0", "w.md"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("✔ 1 file checked, no errors (1 warning hidden by --quiet)\n");
    expect(result.stderr).toBe("handoff: 1 warning (hidden by --quiet) exceeds --max-warnings 0\n");
    // The collected report (standard input) says the same as the streamed one.
    const collected = await run(["lint", "--no-config", "--quiet", "--max-warnings", "0", "--stdin-filename", "w.md"], WARNING);
    expect(collected).toEqual(result);
    // Nothing hidden: "no problems".
    expect((await run(["lint", "--no-config", "--quiet", "--stdin-filename", "c.md"], "# Handoff\n\n## Next steps\n\nRun it.\n")).stdout).toBe(
      "✔ 1 file checked, no problems\n",
    );
  });

  it("without --quiet the count is plural-aware", async () => {
    writeFileSync(path.join(dir, "v.md"), WARNING);
    const result = await run(["lint", "--no-config", "--max-warnings", "1", "w.md", "v.md"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("handoff: 2 warnings exceed --max-warnings 1\n");
  });

  it("a path that matches nothing is exit 2 by default, and skipped with --no-error-on-unmatched-pattern", async () => {
    const strict = await run(["lint", "--no-config", "nothing*.md", "w.md"]);
    expect(strict).toEqual({ code: 2, stdout: "", stderr: "handoff: no files match 'nothing*.md'\n" });
    const lenient = await run(["lint", "--no-config", "--no-error-on-unmatched-pattern", "nothing*.md", "w.md"]);
    expect(lenient.code).toBe(0);
    expect(lenient.stderr).toBe("");
    expect(lenient.stdout).toBe(`w.md\n${WARNING_LINE}\n✖ 1 problem (0 errors, 1 warning, 0 info) in 1 of 1 file\n`);
    const json = await run(["lint", "--no-config", "--format", "sarif", "--no-error-on-unmatched-pattern", "nothing*.md"]);
    expect(json.code).toBe(0);
    expect((JSON.parse(json.stdout) as { runs: { results: unknown[] }[] }).runs[0]?.results).toEqual([]);
  });

  it("`lint -` reads standard input, named <stdin> or by --stdin-filename", async () => {
    const plain = await run(["lint", "--no-config", "-"], WARNING);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toBe(`<stdin>\n${WARNING_LINE}\n✖ 1 problem (0 errors, 1 warning, 0 info) in 1 of 1 file\n`);
    const named = await run(["lint", "--no-config", "--stdin-filename", "handoffs/x.md", "-"], WARNING);
    expect(named.stdout.startsWith("handoffs/x.md\n")).toBe(true);
    expect(await run(["lint", "--no-config", "-", "w.md"], WARNING)).toEqual({
      code: 2,
      stdout: "",
      stderr: "handoff: '-' (standard input) cannot be combined with other paths\n",
    });
  });
});

describe("contradicting and incomplete flags", () => {
  it.each([
    [["lint", "--no-workers", "--workers", "3", "w.md"], "--no-workers and --workers"],
    [["lint", "--workers=3", "--no-workers", "w.md"], "--workers and --no-workers"],
    [["lint", "--no-config", "--config", "x.json", "w.md"], "--no-config and --config"],
    [["lint", "-c", "x.json", "--no-config", "w.md"], "--config and --no-config"],
    [["lint", "--color", "--no-color", "w.md"], "--color and --no-color"],
    [["seal", "--no-config", "-c", "x.json", "w.md"], "--no-config and --config"],
    [["resume", "--config", "x.json", "--no-config"], "--config and --no-config"],
  ])("%j is a usage error", async (argv, flags) => {
    expect(await run(argv)).toEqual({ code: 2, stdout: "", stderr: `handoff: ${flags} cannot be combined: give one\n(run with --help for usage)\n` });
  });

  it("a flag given twice is no contradiction", async () => {
    expect((await run(["lint", "--no-config", "--workers", "2", "--workers", "0", "w.md"])).code).toBe(0);
  });

  it.each([
    [["stats", "--since", "2026-01-01", "."], "--since needs --history"],
    [["verify", "--repo", ".", "w.md"], "--repo needs --git"],
  ])("%j says which flag it needs", async (argv, message) => {
    expect(await run(argv)).toEqual({ code: 2, stdout: "", stderr: `handoff: ${message}\n(run with --help for usage)\n` });
  });
});

describe("one format vocabulary", () => {
  const CLEAN = "# Handoff\n\n## Next steps\n\n- Run it.\n";

  it.each(["lint", "stats"])("%s takes text, stylish and table for the same output", async (command) => {
    writeFileSync(path.join(dir, "w.md"), CLEAN);
    const outputs = [];
    for (const format of ["text", "stylish", "table"]) outputs.push(await run([command, "--no-config", "--format", format, "w.md"]));
    expect(outputs[1]).toEqual(outputs[0]);
    expect(outputs[2]).toEqual(outputs[0]);
    expect(outputs[0]?.code).toBe(0);
  });

  it.each([
    ["lint", "json, sarif, github, junit"],
    ["stats", "json, markdown, svg, html"],
    ["list", "json"],
    ["resume", "json, agent-hook"],
  ])("%s names the same vocabulary for an unknown format", async (command, machine) => {
    const result = await run([command, "--no-config", "--format", "xml"]);
    expect(result).toEqual({ code: 2, stdout: "", stderr: `handoff: unknown format 'xml' (known: text (or stylish, table), ${machine})\n` });
  });

  it.each(["lint", "stats", "list", "resume"])("%s --help gives text as the default", async (command) => {
    const help = await run([command, "--help"]);
    const flat = help.stdout.replace(/\s+/g, " ");
    expect(flat).toContain("-f, --format <format> output format: text (or stylish, table), json");
    expect(flat).toMatch(/-f, --format <format> output format: text \(or stylish, table\), json.*?\(default: "text"\)/);
  });
});

describe("--only", () => {
  const CLEAN = "# Handoff\n\n## Next steps\n\n- Run it.\n";

  it("suggests only names it accepts, and accepts each kind it suggests", async () => {
    writeFileSync(path.join(dir, "w.md"), CLEAN);
    const unknown = await run(["lint", "--no-config", "--only", "nope", "w.md"]);
    expect(unknown).toEqual({
      code: 2,
      stdout: "",
      stderr: "handoff: unknown rule 'nope' in --only (name rules by id such as 'next-action', code such as 'HK008', or 'markdownlint' for all of its rules)\n",
    });
    for (const name of ["next-action", "HK008", "markdownlint"]) {
      expect((await run(["lint", "--no-config", "--only", name, "w.md"])).code, name).toBe(0);
    }
  });
});
