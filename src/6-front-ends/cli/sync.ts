/**
 * `handoff sync [REMOTE]`: the `sync` operation (../operations/sync.ts), one line per store and conflict.
 */
import type { Command } from "commander";
import { syncHandoffs, syncLines } from "../../5-operations/sync.js";
import { textLines } from "../../4-report/controls.js";
import { addCommand } from "./command.js";
import { textFormatOption } from "./format-names.js";
import { EXIT, type CommandIO } from "./io.js";

/** Options of `sync`. */
export interface SyncCommandOptions {
  format: string;
}

/** Runs `sync`. @returns 0 synced, 1 synced with conflicts; @throws SyncError or GitError (exit 2). */
export async function runSync(remote: string | undefined, options: SyncCommandOptions, io: CommandIO): Promise<number> {
  const result = await syncHandoffs(remote, io);
  if (options.format === "json") io.stdout.write(`${JSON.stringify({ remote: result.remote, stores: result.stores }, null, 2)}\n`);
  else io.stdout.write(textLines(syncLines(result)));
  const n = result.conflicts;
  if (n > 0)
    io.stderr.write(
      `handoff sync: ${n} handoff${n === 1 ? "" : "s"} changed on both sides: both versions are kept; resolve by choosing one (handoff status ID archived on the other)\n`,
    );
  return n > 0 ? EXIT.findings : EXIT.ok;
}

/** Adds the `sync` command. */
export function registerSync(program: Command, io: CommandIO, setExit: (code: number) => void): void {
  addCommand(program, "sync")
    .argument("[remote]", "remote name or URL", "origin")
    .addOption(textFormatOption(["json"]))
    .action(async (remote: string, options: SyncCommandOptions) => setExit(await runSync(remote, options, io)));
}
