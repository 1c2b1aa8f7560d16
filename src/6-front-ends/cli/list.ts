/**
 * `handoff list`: the handoffs in every store that exists (or the one `--dir` / `--profile` names),
 * newest first in the selection order of `../../5-operations/store/catalog.ts`, with a store and a health column.
 */
import type { Command } from "commander";
import stringWidth from "string-width";
import { listHandoffs, type ListOptions, type ListRow } from "../../5-operations/list.js";
import { escapeControls } from "../../4-report/controls.js";
import { textFormatOption } from "./format-names.js";
import { addCommand } from "./command.js";
import { EXIT, type CommandIO } from "./io.js";
import { configOption, noConfigOption, nowOption, profileOption } from "./options.js";
import { storeOption } from "./store-backend.js";

/** Options of `list` as the command line gives them. */
export interface ListCommandOptions extends ListOptions {
  format: string;
  status?: string[];
}

/** Widest summary shown, in terminal columns. */
const SUMMARY_COLUMNS = 48;

/** `text` cut to at most `columns` terminal columns (a wide CJK character takes two), with `…` when cut. */
function truncateColumns(text: string, columns: number): string {
  if (stringWidth(text) <= columns) return text;
  let out = "";
  for (const { segment } of new Intl.Segmenter().segment(text)) {
    if (stringWidth(out + segment) > columns - 1) break;
    out += segment;
  }
  return `${out}…`;
}

/** `text` padded with spaces to `columns` terminal columns. */
function padColumns(text: string, columns: number): string {
  return text + " ".repeat(Math.max(0, columns - stringWidth(text)));
}

/** The table, aligned in terminal columns (string-width: wide and combining characters counted as a terminal shows them). */
function table(rows: readonly ListRow[]): string {
  const header = ["id", "profile", "store", "status", "branch", "updated", "summary", "health"];
  // Each cell on one line: a line break in a file name or a field cannot start a row of its own.
  const cells = rows.map((r) =>
    [r.id, r.profile, r.store, r.status, r.branch, r.updated, truncateColumns(r.summary, SUMMARY_COLUMNS), r.health.text].map((cell) => escapeControls(cell)),
  );
  const widths = header.map((h, i) => Math.max(stringWidth(h), ...cells.map((c) => stringWidth(c[i] as string))));
  const fmt = (c: string[]) => c.map((x, i) => (i === c.length - 1 ? x : padColumns(x, widths[i] as number))).join("  ");
  return `${[fmt(header), ...cells.map(fmt)].join("\n")}\n`;
}

/** Runs `list`. @returns 0, or 2 for usage errors (thrown). */
export async function runList(options: ListCommandOptions, io: CommandIO): Promise<number> {
  const { result, refused } = await listHandoffs(options, io);
  for (const warning of result.warnings) io.stderr.write(`handoff list: ${warning}\n`);
  const labels = result.stores.map((store) => store.path);
  if (options.format === "json") io.stdout.write(`${JSON.stringify({ stores: result.stores, handoffs: result.handoffs }, null, 2)}\n`);
  else if (result.handoffs.length === 0)
    io.stdout.write(
      escapeControls(labels.length === 0 ? "no handoffs: no store exists here (see handoff new)\n" : `no handoffs in ${labels.join(", ")}\n`, {
        multiline: true,
      }),
    );
  else io.stdout.write(escapeControls(table(result.handoffs), { multiline: true }));
  if (refused === undefined) return EXIT.ok;
  io.stderr.write(`handoff list: refused: ${refused}\n`);
  return EXIT.findings;
}

/** Adds the `list` command. */
export function registerList(program: Command, io: CommandIO, setExit: (code: number) => void): void {
  addCommand(program, "list")
    .addOption(textFormatOption(["json"]))
    .option("-d, --dir <dir>", "the store directory (default: every store that exists, each found per profile)")
    .addOption(storeOption())
    .addOption(profileOption("look up the store of this profile"))
    .addOption(configOption())
    .addOption(noConfigOption())
    .option("-s, --status <status>", "only these statuses (repeatable or comma-separated)", (v: string, p: string[]) => [...p, v], [])
    .option("-a, --all", "include archived handoffs")
    .addOption(nowOption("the clock for expiry checks"))
    .action(async (options: ListCommandOptions) => setExit(await runList(options, io)));
}
