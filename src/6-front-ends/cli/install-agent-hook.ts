/**
 * `handoff install-agent-hook`: the `install-agent-hook` operation
 * (../operations/install-agent-hook.ts), then the command for other agent CLIs that run one at
 * session start.
 */
import type { Command } from "commander";
import { AgentHookError, installAgentHook, type InstallAgentHookOptions } from "../../5-operations/install-agent-hook.js";
import { addCommand } from "./command.js";
import { EXIT, type CommandIO } from "./io.js";

/** Runs `install-agent-hook`. @returns 0 installed (or already), 2 when the settings cannot be merged or written. */
export async function runInstallAgentHook(options: InstallAgentHookOptions, io: CommandIO): Promise<number> {
  let result;
  try {
    result = await installAgentHook(options, io);
  } catch (error) {
    if (!(error instanceof AgentHookError)) throw error;
    io.stderr.write(`handoff install-agent-hook: ${error.message}\n`);
    return EXIT.usage;
  }
  if (result.status === "unchanged") io.stdout.write(`${result.file}: the SessionStart hook is already installed\n`);
  else io.stdout.write(`${result.file}: SessionStart hook ${result.status} (other keys and hooks unchanged)\n`);
  io.stdout.write(
    [
      `Each new session now starts with: ${result.command}`,
      "Other agent CLIs that run a command at session start: run `npx --no-install handoff resume --format agent-hook --dry-run` for this JSON",
      "(hookSpecificOutput.additionalContext), or `npx --no-install handoff resume --dry-run` for the same text on plain stdout.",
      "",
    ].join("\n"),
  );
  return EXIT.ok;
}

/** Adds the `install-agent-hook` command. */
export function registerInstallAgentHook(program: Command, io: CommandIO, setExit: (code: number) => void): void {
  addCommand(program, "install-agent-hook")
    .option("--mark-resumed", "let the hook move the handoff's status to resumed (default: it changes nothing)")
    .action(async (options: InstallAgentHookOptions) => setExit(await runInstallAgentHook(options, io)));
}
