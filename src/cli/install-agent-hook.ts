/**
 * `handoff install-agent-hook`: adds a `SessionStart` hook to the project's `.claude/settings.json`
 * (created when absent; merged into, never replaced, when present: see
 * ../agent-hook/claude-settings.ts) so each new Claude Code session starts with `resume`'s output as
 * its context. The write is atomic, read back, and refused when the file changed meanwhile. It also
 * prints the command for other agent CLIs that run one at session start.
 */
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Command } from "commander";
import { mergeSessionStartHook, sessionStartCommand, SettingsError } from "../agent-hook/claude-settings.js";
import { workTreeRoot } from "../git/queries.js";
import { atomicWrite, AtomicWriteError, createExclusive } from "../fs/atomic-write.js";
import { addCommand } from "./command.js";
import { EXIT, type CommandIO } from "./io.js";

/** Options parsed from the command line. */
export interface InstallAgentHookOptions {
  /** The hook moves the handoff's status to `resumed` (default: it changes nothing). */
  markResumed?: boolean;
}

/** The settings file of the project `cwd` is in: at the repository's root, else in `cwd`. */
async function settingsFile(cwd: string): Promise<string> {
  const root = await workTreeRoot(cwd).catch(() => cwd);
  return path.join(root, ".claude", "settings.json");
}

/** The settings' text. @throws SettingsError when the bytes are not UTF-8. */
function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new SettingsError("not valid UTF-8");
  }
}

async function readExisting(file: string): Promise<Uint8Array | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** Runs `install-agent-hook`. @returns 0 installed (or already), 2 when the settings cannot be merged or written. */
export async function runInstallAgentHook(options: InstallAgentHookOptions, io: CommandIO): Promise<number> {
  const file = await settingsFile(io.cwd);
  const shown = path.relative(io.cwd, file).split(path.sep).join("/") || file;
  const markResumed = Boolean(options.markResumed);
  try {
    const before = await readExisting(file);
    const outcome = mergeSessionStartHook(before === undefined ? undefined : decode(before), markResumed);
    if (outcome.status === "unchanged") io.stdout.write(`${shown}: the SessionStart hook is already installed\n`);
    else {
      const bytes = new TextEncoder().encode(outcome.text);
      if (before === undefined) {
        await mkdir(path.dirname(file), { recursive: true });
        await createExclusive(file, bytes);
      } else await atomicWrite(file, bytes, { expected: before });
      io.stdout.write(`${shown}: SessionStart hook ${outcome.status} (other keys and hooks unchanged)\n`);
    }
  } catch (error) {
    if (error instanceof SettingsError || error instanceof AtomicWriteError) {
      io.stderr.write(`handoff install-agent-hook: ${shown} was not changed: ${error.message}\n`);
      return EXIT.usage;
    }
    throw error;
  }
  io.stdout.write(
    [
      `Each new session now starts with: ${sessionStartCommand(markResumed)}`,
      "Other agent CLIs that run a command at session start: run `npx --no-install handoff resume --format agent-hook --dry-run` for this JSON",
      "(hookSpecificOutput.additionalContext), or `npx --no-install handoff resume --dry-run` for the same text on plain stdout.",
      "",
    ].join("\n"),
  );
  return EXIT.ok;
}

/** Adds the `install-agent-hook` command. */
export function registerInstallAgentHook(program: Command, io: CommandIO, setExit: (code: number) => void): void {
  addCommand(program, "install-agent-hook", "add a SessionStart hook to .claude/settings.json (merged, never replaced) so each new agent session gets resume's output as context")
    .option("--mark-resumed", "let the hook move the handoff's status to resumed (default: it changes nothing)")
    .action(async (options: InstallAgentHookOptions) => setExit(await runInstallAgentHook(options, io)));
}
