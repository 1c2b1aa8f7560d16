/**
 * The reviewed ledger of the findings `handoff lint` reports by default on the real public handoffs
 * (`shared/corpus-public/docs`): one row per finding — file, line, ruleId, severity, whether a user
 * keeps it, and why — in `test/fixtures/public-ledger.tsv`. No document text is kept: messages quote
 * the documents, so rows hold only positions, ids and the reviewer's own words.
 *
 * The ledger test fails when the findings differ from the rows; `npm run ledger` prints the
 * difference and `npm run ledger -- --write` rewrites the file, keeping the review of every finding
 * still reported and adding new ones as `?` (unreviewed, which the test refuses).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { runCli } from "../../src/6-front-ends/cli/program.js";
import { captureIO } from "./capture-io.js";
import { repoRoot } from "./locations.js";

/** The ledger file. */
export const LEDGER_FILE = path.join(repoRoot, "test/fixtures/public-ledger.tsv");

/** The clock of the run (`stale` depends on it): the day the ledger was reviewed. */
export const LEDGER_NOW = "2026-12-01T00:00:00Z";

/** The `handoff lint` arguments of the run, from the corpus directory: defaults only, no config file. */
export const LEDGER_ARGS = ["lint", "--format", "json", "--no-config", "--now", LEDGER_NOW, "docs"];

/** A reviewer's verdict: kept (a user would act on it), not kept, or not reviewed yet. */
export type Verdict = "kept" | "not kept" | "?";

/** One finding as the ledger identifies it. */
export interface LedgerFinding {
  /** The file name inside `docs/`. */
  file: string;
  line: number;
  ruleId: string;
  severity: string;
}

/** One row of the ledger: a finding and its review. */
export interface LedgerRow extends LedgerFinding {
  verdict: Verdict;
  /** Why it is kept or not, in the reviewer's words (never text of the document). */
  why: string;
}

const COLUMNS = ["file", "line", "ruleId", "severity", "verdict", "why"];
const VERDICTS = new Set<string>(["kept", "not kept", "?"]);

/** `file:line ruleId severity`: how findings are matched and printed. */
export function findingKey(finding: LedgerFinding): string {
  return `${finding.file}:${finding.line} ${finding.ruleId} ${finding.severity}`;
}

/**
 * Parses the ledger's TSV text: `#` lines are comments, the first other line is the header.
 * @throws Error naming the line of a row with the wrong number of fields, a bad line number or verdict.
 */
export function parseLedger(text: string): LedgerRow[] {
  const lines = text.split("\n").filter((line) => line !== "" && !line.startsWith("#"));
  if (lines[0] !== COLUMNS.join("\t")) throw new Error(`ledger header must be: ${COLUMNS.join(" | ")}`);
  return lines.slice(1).map((line, index) => {
    const fields = line.split("\t");
    const [file = "", lineText = "", ruleId = "", severity = "", verdict = "", why = ""] = fields;
    const where = `ledger row ${index + 1}`;
    if (fields.length !== COLUMNS.length) throw new Error(`${where}: ${fields.length} fields, expected ${COLUMNS.length}`);
    if (!/^[1-9]\d*$/.test(lineText)) throw new Error(`${where}: line '${lineText}' is not a line number`);
    if (!VERDICTS.has(verdict)) throw new Error(`${where}: verdict '${verdict}' is not kept, not kept or ?`);
    return { file, line: Number(lineText), ruleId, severity, verdict: verdict as Verdict, why };
  });
}

/** The ledger's TSV text for `rows` (sorted by file, line and ruleId), under `header` comment lines. */
export function formatLedger(rows: readonly LedgerRow[], header: readonly string[]): string {
  const sorted = [...rows].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.ruleId.localeCompare(b.ruleId));
  const body = sorted.map((row) => [row.file, String(row.line), row.ruleId, row.severity, row.verdict, row.why].join("\t"));
  return [...header.map((line) => `# ${line}`.trimEnd()), COLUMNS.join("\t"), ...body, ""].join("\n");
}

/** The `#` comment lines at the top of the ledger text, without their `# `. */
export function ledgerHeader(text: string): string[] {
  const header: string[] = [];
  for (const line of text.split("\n")) {
    if (!line.startsWith("#")) break;
    header.push(line.replace(/^# ?/, ""));
  }
  return header;
}

/** Reads and parses the ledger file. */
export function readLedger(file = LEDGER_FILE): { rows: LedgerRow[]; header: string[] } {
  const text = readFileSync(file, "utf8");
  return { rows: parseLedger(text), header: ledgerHeader(text) };
}

/**
 * Runs `handoff lint` with the ledger's arguments over `<corpusDir>/docs` in this process: how many
 * documents it read and what it found.
 * @throws Error when lint exits 2 or writes to stderr (an internal error is never a finding).
 */
export async function lintCorpus(corpusDir: string): Promise<{ documents: number; findings: LedgerFinding[] }> {
  const captured = captureIO(corpusDir, {});
  const code = await runCli(LEDGER_ARGS, captured.io);
  if (code === 2 || captured.stderr() !== "") throw new Error(`handoff lint exited ${code}: ${captured.stderr()}`);
  const report = JSON.parse(captured.stdout()) as { files: Array<{ path: string; diagnostics: Array<{ ruleId: string; severity: string; line: number }> }> };
  const findings = report.files.flatMap((file) =>
    file.diagnostics.map((d) => ({ file: path.basename(file.path), line: d.line, ruleId: d.ruleId, severity: d.severity })),
  );
  return { documents: report.files.length, findings };
}

/** The difference between what lint reports and the ledger: findings without a row, rows without a finding. */
export interface LedgerDiff {
  added: LedgerFinding[];
  removed: LedgerRow[];
  /** The rows of findings still reported, in ledger order. */
  matched: LedgerRow[];
}

/** Matches findings to rows by {@link findingKey}, as multisets (two findings on one line need two rows). */
export function diffLedger(findings: readonly LedgerFinding[], rows: readonly LedgerRow[]): LedgerDiff {
  const open = new Map<string, LedgerRow[]>();
  for (const row of rows) open.set(findingKey(row), [...(open.get(findingKey(row)) ?? []), row]);
  const added: LedgerFinding[] = [];
  const matched: LedgerRow[] = [];
  for (const finding of findings) {
    const row = open.get(findingKey(finding))?.shift();
    if (row) matched.push(row);
    else added.push(finding);
  }
  const removed = [...open.values()].flat();
  return { added, removed, matched };
}

/** The ledger's figures for a set of rows. */
export interface LedgerSummary {
  documents: number;
  findings: number;
  kept: number;
  /** Findings not kept, by severity. */
  notKept: Record<string, number>;
  unreviewed: number;
  /** Kept findings, per cent of all (one decimal). */
  keptPercent: number;
}

/** Counts `rows` for `documents` documents. */
export function summarize(rows: readonly LedgerRow[], documents: number): LedgerSummary {
  const notKept: Record<string, number> = {};
  for (const row of rows) if (row.verdict === "not kept") notKept[row.severity] = (notKept[row.severity] ?? 0) + 1;
  const kept = rows.filter((row) => row.verdict === "kept").length;
  return {
    documents,
    findings: rows.length,
    kept,
    notKept,
    unreviewed: rows.filter((row) => row.verdict === "?").length,
    keptPercent: rows.length === 0 ? 100 : Math.round((kept / rows.length) * 1000) / 10,
  };
}
