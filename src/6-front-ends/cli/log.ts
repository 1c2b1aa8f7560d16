/**
 * `handoff log ID`: the `log` operation (../operations/log.ts): the git store's commits that
 * changed one handoff, newest first.
 */
import type { Command } from "commander";
import { handoffLog, logLines } from "../../5-operations/log.js";
import { textLines } from "../../4-report/controls.js";
import { addCommand } from "./command.js";
import { textFormatOption } from "./format-names.js";
import { EXIT, type CommandIO } from "./io.js";

/** Options of `log`. */
export interface LogCommandOptions {
  format: string;
}

/** Runs `log`. @returns 0 listed. @throws HandoffHistoryError when there is no such store or handoff, StoreEscapeError for a name that leaves the store (exit 2). */
export async function runLog(id: string, options: LogCommandOptions, io: CommandIO): Promise<number> {
  const result = await handoffLog(id, io);
  if (options.format === "json")
    io.stdout.write(`${JSON.stringify({ ref: result.ref, id: result.id, paths: result.paths, commits: result.commits }, null, 2)}\n`);
  else io.stdout.write(textLines(logLines(result)));
  return EXIT.ok;
}

/** Adds the `log` command. */
export function registerLog(program: Command, io: CommandIO, setExit: (code: number) => void): void {
  addCommand(program, "log")
    .argument("<id>", "handoff id, file name, or path in the store's tree")
    .addOption(textFormatOption(["json"]))
    .action(async (id: string, options: LogCommandOptions) => setExit(await runLog(id, options, io)));
}
