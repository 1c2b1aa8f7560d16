/**
 * `handoff list`: the handoffs in every store that exists (or the one `--dir` / `--profile` names),
 * newest first in the selection order of `../store/catalog.ts`, with a store and a health column.
 */
import type { Command } from "commander";
import stringWidth from "string-width";
import type { HandoffDocument } from "../document/model.js";
import { ConfigError } from "../engine/config.js";
import { verifyIntegrity, type VerifyStatus } from "../integrity/verify.js";
import { analyzeSource } from "../lint.js";
import { readSource } from "../load/read.js";
import { escapeControls } from "../report/controls.js";
import { isStatus, STATUSES } from "../resume/transitions.js";
import { catalog } from "../store/catalog.js";
import { textFormatOption } from "./format-names.js";
import { addCommand } from "./command.js";
import { EXIT, type CommandIO } from "./io.js";
import { configOption, noConfigOption, nowOption, profileOption } from "./options.js";
import { storeOption, withStore, type OpenedStore } from "./store-backend.js";
import { storeLabel, type StoreCommandOptions } from "./store-options.js";

/** hatch3r warns when more than this many handoffs are active (public repo hatch3r/hatch3r, v2.x). */
export const HATCH3R_ACTIVE_WARNING = 25;

/** Options of `list`. */
export interface ListCommandOptions extends StoreCommandOptions {
  format: string;
  status?: string[];
  all?: boolean;
}

/** A listed handoff's health, as fields. */
export interface ListHealth {
  /** What `verify` says about the digest: `ok`, `unsealed` (no digest), `mismatch`, `line-endings`, `malformed`, `not-applicable` (a JSON record), `unusable`. */
  integrity: VerifyStatus;
  /** The `expiry` rule says it expired (`--now` sets the clock). */
  expired: boolean;
  errors: number;
  warnings: number;
  /** The same as one phrase, as the table prints it. */
  text: string;
}

/** One row of the listing. */
export interface ListRow {
  id: string;
  profile: string;
  /** The store it was found in, relative to the working directory. */
  store: string;
  status: string;
  branch: string;
  updated: string;
  summary: string;
  health: ListHealth;
  path: string;
  archived: boolean;
}

const INTEGRITY_TEXT: Record<VerifyStatus, string | undefined> = {
  ok: "integrity ok",
  unsealed: "not sealed",
  mismatch: "integrity mismatch",
  "line-endings": "line endings rewritten since sealing",
  malformed: "integrity malformed",
  "not-applicable": undefined,
  unusable: "unusable",
};

function health(document: HandoffDocument | undefined, diagnostics: ReadonlyArray<{ ruleId: string; severity: string; messageId?: string }>): ListHealth {
  const integrity: VerifyStatus = document ? verifyIntegrity(document).status : "unusable";
  const expired = diagnostics.some((d) => d.ruleId === "expiry" && d.messageId === "expired");
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const warnings = diagnostics.filter((d) => d.severity === "warning").length;
  const parts = [INTEGRITY_TEXT[integrity], expired ? "expired" : undefined];
  parts.push(errors === 0 && warnings === 0 ? "no findings" : `${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}`);
  return { integrity, expired, errors, warnings, text: parts.filter(Boolean).join(", ") };
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
  const cells = rows.map((r) => [r.id, r.profile, r.store, r.status, r.branch, r.updated, truncateColumns(r.summary, SUMMARY_COLUMNS), r.health.text]);
  const widths = header.map((h, i) => Math.max(stringWidth(h), ...cells.map((c) => stringWidth(c[i] as string))));
  const fmt = (c: string[]) => c.map((x, i) => (i === c.length - 1 ? x : padColumns(x, widths[i] as number))).join("  ");
  return `${[fmt(header), ...cells.map(fmt)].join("\n")}\n`;
}

/** Runs `list`. @returns 0, or 2 for usage errors. */
export async function runList(options: ListCommandOptions, io: CommandIO): Promise<number> {
  return withStore("list", options, io, false, (opened) => listIn(opened, options, opened.io));
}

async function listIn({ session, stores }: OpenedStore, options: ListCommandOptions, io: CommandIO): Promise<number> {
  const wanted = options.status && options.status.length > 0 ? new Set(options.status.flatMap((s) => s.split(","))) : undefined;
  for (const status of wanted ?? []) {
    if (!isStatus(status)) throw new ConfigError(`unknown status '${status}' (known: ${STATUSES.join(", ")})`);
  }
  const entries = await catalog(stores, session, Boolean(options.all));
  const rows: ListRow[] = [];
  for (const entry of entries) {
    if (wanted && !wanted.has(entry.status ?? "")) continue;
    if (!options.all && !wanted && (entry.status === "archived" || entry.handoff.archived)) continue;
    const analyzed = analyzeSource(await readSource(entry.handoff.path, { cwd: session.cwd, maxBytes: session.maxFileSize }), session);
    rows.push({
      id: entry.handoff.id,
      profile: entry.profile,
      store: storeLabel(entry.store.location.root, io.cwd),
      status: entry.status ?? "-",
      branch: entry.branch ?? "-",
      updated: entry.updated ?? "-",
      summary: (entry.summary ?? "").replace(/\s+/g, " "),
      health: health(analyzed.document, analyzed.result.diagnostics),
      path: analyzed.result.path,
      archived: entry.handoff.archived,
    });
  }
  for (const store of stores) {
    const active = entries.filter((e) => e.store === store && !e.handoff.archived && e.status !== "archived").length;
    if (store.location.layout === "hatch3r" && active > HATCH3R_ACTIVE_WARNING) {
      io.stderr.write(`handoff list: ${active} active handoffs; hatch3r warns above ${HATCH3R_ACTIVE_WARNING}: archive the finished ones\n`);
    }
  }
  const labels = stores.map((store) => storeLabel(store.location.root, io.cwd));
  if (options.format === "json") io.stdout.write(`${JSON.stringify({ stores: stores.map((store, i) => ({ path: labels[i], profile: store.location.profile })), handoffs: rows }, null, 2)}\n`);
  else if (rows.length === 0) io.stdout.write(escapeControls(labels.length === 0 ? "no handoffs: no store exists here (see handoff new)\n" : `no handoffs in ${labels.join(", ")}\n`, { multiline: true }));
  else io.stdout.write(escapeControls(table(rows), { multiline: true }));
  return EXIT.ok;
}

/** Adds the `list` command. */
export function registerList(program: Command, io: CommandIO, setExit: (code: number) => void): void {
  addCommand(program, "list", "the handoffs in every store, newest first (document time, then file-name time, then path), with their store and health")
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
