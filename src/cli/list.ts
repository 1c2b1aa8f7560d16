/**
 * `handoff list`: the handoffs in the store, newest first, with a health column.
 */
import type { Command } from "commander";
import { ConfigError } from "../engine/config.js";
import { analyseSource } from "../lint.js";
import { readSource } from "../load/read.js";
import { escapeControls } from "../report/controls.js";
import { isStatus, STATUSES } from "../resume/transitions.js";
import { catalog, type CatalogEntry } from "../store/catalog.js";
import { EXIT, exitForError, type CommandIO } from "./io.js";
import { openStore, type StoreCommandOptions } from "./store-options.js";

/** hatch3r warns when more than this many handoffs are active (`../shared/formats.md` §2). */
export const HATCH3R_ACTIVE_WARNING = 25;

/** Options of `list`. */
export interface ListCommandOptions extends StoreCommandOptions {
  format: string;
  status?: string[];
  all?: boolean;
}

/** One row of the listing. */
export interface ListRow {
  id: string;
  profile: string;
  status: string;
  branch: string;
  updated: string;
  summary: string;
  /** `integrity ok` / `integrity mismatch` / `no integrity`, then `expired` and error/warning counts. */
  health: string;
  path: string;
  archived: boolean;
}

function health(entry: CatalogEntry, diagnostics: Array<{ ruleId: string; severity: string; messageId?: string }>): string {
  const parts: string[] = [];
  const integrity = diagnostics.filter((d) => d.ruleId === "integrity");
  parts.push(integrity.length === 0 ? "integrity ok" : integrity.some((d) => d.messageId === "missing") ? "no integrity" : "integrity mismatch");
  if (diagnostics.some((d) => d.ruleId === "expiry" && d.messageId === "expired")) parts.push("expired");
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const warnings = diagnostics.filter((d) => d.severity === "warning").length;
  parts.push(errors === 0 && warnings === 0 ? "no findings" : `${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}`);
  return parts.join(", ");
}

function table(rows: readonly ListRow[]): string {
  const header = ["id", "profile", "status", "branch", "updated", "summary", "health"];
  const cells = rows.map((r) => [r.id, r.profile, r.status, r.branch, r.updated, r.summary.length > 48 ? `${r.summary.slice(0, 47)}…` : r.summary, r.health]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] as string).length)));
  const fmt = (c: string[]) => c.map((x, i) => (i === c.length - 1 ? x : x.padEnd(widths[i] as number))).join("  ");
  return `${[fmt(header), ...cells.map(fmt)].join("\n")}\n`;
}

/** Runs `list`. @returns 0, or 2 for usage errors. */
export async function runList(options: ListCommandOptions, io: CommandIO): Promise<number> {
  try {
    if (!["table", "json"].includes(options.format)) throw new ConfigError(`unknown format '${options.format}' (known: table, json)`);
    const { session, store } = openStore(options, io);
    const entries = await catalog(store, session, Boolean(options.all));
    const wanted = options.status && options.status.length > 0 ? new Set(options.status.flatMap((s) => s.split(","))) : undefined;
    for (const status of wanted ?? []) {
      if (!isStatus(status)) throw new ConfigError(`unknown status '${status}' (known: ${STATUSES.join(", ")})`);
    }
    const rows: ListRow[] = [];
    for (const entry of entries) {
      if (wanted && !wanted.has(entry.status ?? "")) continue;
      if (!options.all && !wanted && (entry.status === "archived" || entry.handoff.archived)) continue;
      const analysed = analyseSource(await readSource(entry.handoff.path, { cwd: session.cwd, maxBytes: session.maxFileSize }), session);
      rows.push({
        id: entry.handoff.id,
        profile: entry.profile,
        status: entry.status ?? "-",
        branch: entry.branch ?? "-",
        updated: entry.updated ?? "-",
        summary: (entry.summary ?? "").replace(/\s+/g, " "),
        health: health(entry, analysed.result.diagnostics),
        path: analysed.result.path,
        archived: entry.handoff.archived,
      });
    }
    const active = entries.filter((e) => !e.handoff.archived && e.status !== "archived").length;
    if (store.location.layout === "hatch3r" && active > HATCH3R_ACTIVE_WARNING) {
      io.stderr.write(`handoff list: ${active} active handoffs; hatch3r warns above ${HATCH3R_ACTIVE_WARNING}: archive the finished ones\n`);
    }
    if (options.format === "json") io.stdout.write(`${JSON.stringify({ store: store.location.root, handoffs: rows }, null, 2)}\n`);
    else io.stdout.write(escapeControls(rows.length === 0 ? `no handoffs in ${store.location.root}\n` : table(rows), { multiline: true }));
    return EXIT.ok;
  } catch (error) {
    return exitForError(error, io);
  }
}

/** Adds the `list` command. */
export function registerList(program: Command, io: CommandIO, setExit: (code: number) => void): void {
  program
    .command("list")
    .description("the handoffs in the store, newest first, with their health")
    .option("-f, --format <format>", "table or json", "table")
    .option("-d, --dir <dir>", "the store directory (default: found per profile)")
    .option("-p, --profile <profile>", "look up the store of this profile")
    .option("-c, --config <file>", "use this config file")
    .option("--no-config", "ignore config files")
    .option("-s, --status <status>", "only these statuses (repeatable or comma-separated)", (v: string, p: string[]) => [...p, v], [])
    .option("-a, --all", "include archived handoffs")
    .option("--now <iso>", "the clock for expiry checks (ISO-8601 with zone)")
    .action(async (options: ListCommandOptions) => {
      setExit(await runList(options, io));
    });
}
