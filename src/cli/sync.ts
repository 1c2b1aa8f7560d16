/**
 * `handoff sync [REMOTE]`: the git stores here and on the remote made one (src/store/git-sync.ts):
 * fetch, merge by handoff, push without force, retried when another clone pushed first. A handoff
 * changed on both sides is reported, never overwritten.
 */
import type { Command } from "commander";
import { escapeControls } from "../report/controls.js";
import { syncStores, type SyncOutcome } from "../store/git-sync.js";
import { addCommand } from "./command.js";
import { textFormatOption } from "./format-names.js";
import { EXIT, type CommandIO } from "./io.js";

/** Options of `sync`. */
export interface SyncCommandOptions {
  format: string;
}

function text(remote: string, outcomes: readonly SyncOutcome[]): string {
  if (outcomes.length === 0) return `no git store here or on ${remote}\n`;
  const lines: string[] = [];
  for (const o of outcomes) {
    lines.push(`${o.ref}: ${o.action} (${o.commit.slice(0, 12)})`);
    for (const c of o.conflicts) {
      const theirs = c.theirsKeptAs ? `theirs kept as ${c.theirsKeptAs}` : c.ours === null ? "removed here, changed there: their version kept" : "changed here, removed there: ours kept";
      lines.push(`  conflict: ${c.path} changed on both sides; ours kept at ${c.path}, ${theirs} (both versions: git show ${c.theirsCommit.slice(0, 12)}:${c.path})`);
    }
  }
  return `${lines.join("\n")}\n`;
}

/** Runs `sync`. @returns 0 synced, 1 synced with conflicts; @throws SyncError or GitError (exit 2). */
export async function runSync(remote: string | undefined, options: SyncCommandOptions, io: CommandIO): Promise<number> {
  const name = remote ?? "origin";
  const outcomes = await syncStores(io.cwd, name);
  const conflicts = outcomes.reduce((n, o) => n + o.conflicts.length, 0);
  if (options.format === "json") io.stdout.write(`${JSON.stringify({ remote: name, stores: outcomes }, null, 2)}\n`);
  else io.stdout.write(escapeControls(text(name, outcomes), { multiline: true }));
  if (conflicts > 0) io.stderr.write(`handoff sync: ${conflicts} handoff${conflicts === 1 ? "" : "s"} changed on both sides: both versions are kept; resolve by choosing one (handoff status ID archived on the other)\n`);
  return conflicts > 0 ? EXIT.findings : EXIT.ok;
}

/** Adds the `sync` command. */
export function registerSync(program: Command, io: CommandIO, setExit: (code: number) => void): void {
  addCommand(program, "sync", "fetch the remote's refs/handoffs/*, merge them by handoff with this repository's git stores (a handoff changed on both sides is kept twice and reported), push without force")
    .argument("[remote]", "remote name or URL", "origin")
    .addOption(textFormatOption(["json"]))
    .action(async (remote: string, options: SyncCommandOptions) => setExit(await runSync(remote, options, io)));
}
