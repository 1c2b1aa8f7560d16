/**
 * Every command states its exit codes in --help, and the README's table says the same.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EXIT_CODES, type CommandName } from "../../src/6-front-ends/cli/exit-codes.js";
import { runCli } from "../../src/6-front-ends/cli/program.js";
import { captureIO } from "../helpers/capture-io.js";
import { repoRoot } from "../helpers/locations.js";

const COMMANDS = Object.keys(EXIT_CODES) as CommandName[];

describe("exit codes", () => {
  it.each(COMMANDS)("handoff %s --help lists them", async (command) => {
    const cap = captureIO(repoRoot);
    expect(await runCli([command, "--help"], cap.io)).toBe(0);
    const block = EXIT_CODES[command].map(([code, meaning]) => `  ${code}  ${meaning}`).join("\n");
    expect(cap.stdout()).toContain(`\nExit codes:\n${block}\n`);
  });

  it("docs/commands.md's table has one row per command with the same codes and meanings", () => {
    const readme = readFileSync(path.join(repoRoot, "docs/commands.md"), "utf8");
    const rows = readme.split("\n").filter((line) => /^\| `[a-z-]+` \| `0` /.test(line));
    expect(rows).toEqual(
      COMMANDS.map((command) => `| \`${command}\` | ${EXIT_CODES[command].map(([code, meaning]) => `\`${code}\` ${meaning}`).join("; ")} |`),
    );
  });

  it("the program's own --help points at them", async () => {
    const cap = captureIO(repoRoot);
    await runCli(["--help"], cap.io);
    expect(cap.stdout()).toContain(
      "Exit codes: 0 success, 1 findings or a refusal, 2 usage, config or internal error; `handoff <command> --help` lists each command's own.",
    );
  });
});
