/**
 * `handoff log ID`: the audit trail of one handoff of the git store, the commits of
 * `refs/handoffs/default` that changed it, newest first (src/store/git-history.ts).
 */
import type { Command } from "commander";
import { escapeControls } from "../report/controls.js";
import { handoffHistory } from "../store/git-history.js";
import { DEFAULT_GIT_STORE_NAME, handoffRef } from "../store/git-store.js";
import { addCommand } from "./command.js";
import { textFormatOption } from "./format-names.js";
import { EXIT, type CommandIO } from "./io.js";

/** Options of `log`. */
export interface LogCommandOptions {
  format: string;
}

const STATUS_WORDS: Record<string, string> = { A: "added", M: "changed", D: "removed" };

/** Runs `log`. @returns 0 listed. @throws HandoffHistoryError when there is no such store or handoff, StoreEscapeError for a name that leaves the store (exit 2). */
export async function runLog(id: string, options: LogCommandOptions, io: CommandIO): Promise<number> {
  const ref = handoffRef(DEFAULT_GIT_STORE_NAME);
  const history = await handoffHistory(io.cwd, ref, id);
  if (options.format === "json") {
    io.stdout.write(`${JSON.stringify({ ref, id, paths: history.paths, commits: history.changes }, null, 2)}\n`);
    return EXIT.ok;
  }
  const lines = history.changes.map((c) => `${c.commit.slice(0, 12)}  ${c.date}  ${c.author}  ${c.changes.map((x) => `${STATUS_WORDS[x.status] ?? x.status} ${x.path}`).join(", ")}`);
  io.stdout.write(escapeControls(`${lines.join("\n")}\n`, { multiline: true }));
  return EXIT.ok;
}

/** Adds the `log` command. */
export function registerLog(program: Command, io: CommandIO, setExit: (code: number) => void): void {
  addCommand(program, "log", "the git store's history of one handoff: each commit of refs/handoffs/default that added, changed or removed it, newest first")
    .argument("<id>", "handoff id, file name, or path in the store's tree")
    .addOption(textFormatOption(["json"]))
    .action(async (id: string, options: LogCommandOptions) => setExit(await runLog(id, options, io)));
}
