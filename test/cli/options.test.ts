/**
 * The shared options (src/6-front-ends/cli/options.ts) check their values as commander parses them: a bad
 * format, clock or profile is one `handoff: …` line and exit 2 for every command that takes it,
 * before the command runs.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../../src/6-front-ends/cli/program.js";
import { captureIO } from "../helpers/capture-io.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "handoffkit-options-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(argv: string[]) {
  const cap = captureIO(dir);
  const code = await runCli(argv, cap.io);
  return { code, stdout: cap.stdout(), stderr: cap.stderr() };
}

describe("shared options", () => {
  it("refuses an unknown --format, naming the command's formats", async () => {
    expect(await run(["list", "--format", "xml"])).toEqual({
      code: 2,
      stdout: "",
      stderr: "handoff: unknown format 'xml' (known: text (or stylish, table), json)\n",
    });
    expect(await run(["resume", "-f", "xml"])).toEqual({
      code: 2,
      stdout: "",
      stderr: "handoff: unknown format 'xml' (known: text (or stylish, table), json, agent-hook)\n",
    });
    expect(await run(["stats", "--format", "csv"])).toEqual({
      code: 2,
      stdout: "",
      stderr: "handoff: unknown format 'csv' (known: text (or stylish, table), json, markdown, svg, html)\n",
    });
  });

  it("refuses a --now that is not ISO-8601 for every command that takes it", async () => {
    for (const command of ["list", "resume", "stats", "status", "new", "checkpoint"]) {
      const args = command === "status" ? ["status", "x", "open"] : command === "checkpoint" ? ["checkpoint", "p.md"] : [command];
      expect(await run([...args, "--now", "tomorrow"]), command).toEqual({
        code: 2,
        stdout: "",
        stderr: "handoff: --now expects an ISO-8601 date-time such as 2026-03-01T12:00:00Z, got 'tomorrow'\n",
      });
    }
  });

  it("refuses a profile new has no template for", async () => {
    const result = await run(["new", "-p", "nope"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "handoff: option '-p, --profile <profile>' argument 'nope' is invalid. Allowed choices are hatch3r, contract, sno, verified-delivery, generic.\n(run with --help for usage)\n",
    );
  });

  it("lists the format choices and the config options in --help", async () => {
    const help = (await run(["list", "--help"])).stdout.replace(/\s+/g, " ");
    expect(help).toContain('-f, --format <format> output format: text (or stylish, table), json (default: "text")');
    expect(help).toContain("-c, --config <file> use this config file instead of searching for one --no-config ignore config files");
  });
});
