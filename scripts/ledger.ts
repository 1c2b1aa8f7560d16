/**
 * `npm run ledger`: lints the real public handoffs with the defaults and prints how the findings
 * differ from the reviewed ledger (`+` a finding with no row, `-` a row no longer reported), then
 * the ledger's figures, for all rules and without next-action. Exit 0 when they match, 1 when they
 * differ, 2 when the corpus is missing.
 *
 * `npm run ledger -- --write` rewrites the ledger: rows of findings still reported keep their
 * review, rows no longer reported go, new findings get verdict `?` for a reviewer to fill in.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import writeFileAtomic from "write-file-atomic";
import { publicCorpusDir, repoRoot } from "../test/helpers/locations.js";
import {
  diffLedger,
  findingKey,
  formatLedger,
  LEDGER_FILE,
  lintCorpus,
  readLedger,
  summarize,
  type LedgerRow,
  type LedgerSummary,
} from "../test/helpers/ledger.js";

function line(label: string, s: LedgerSummary): string {
  const notKept = ["error", "warning", "info"].map((severity) => `${s.notKept[severity] ?? 0} ${severity}s`).join(", ");
  return `${label}: ${s.findings} findings, ${s.kept} kept (${s.keptPercent}%), not kept: ${notKept}${s.unreviewed ? `, ${s.unreviewed} unreviewed` : ""}`;
}

function perRule(rows: readonly LedgerRow[]): string[] {
  const byRule = new Map<string, { kept: number; notKept: number; unreviewed: number }>();
  for (const row of rows) {
    const entry = byRule.get(row.ruleId) ?? { kept: 0, notKept: 0, unreviewed: 0 };
    if (row.verdict === "kept") entry.kept++;
    else if (row.verdict === "not kept") entry.notKept++;
    else entry.unreviewed++;
    byRule.set(row.ruleId, entry);
  }
  return [...byRule.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([ruleId, e]) =>
        `  ${ruleId.padEnd(20)} ${String(e.kept).padStart(3)} kept ${String(e.notKept).padStart(3)} not kept${e.unreviewed ? ` ${e.unreviewed} unreviewed` : ""}`,
    );
}

async function main(): Promise<number> {
  const write = process.argv.includes("--write");
  if (!publicCorpusDir) {
    process.stderr.write("ledger: the public corpus (../shared/corpus-public or /work/shared/corpus-public) was not found\n");
    return 2;
  }
  const { rows, header } = readLedger();
  const { documents, findings } = await lintCorpus(publicCorpusDir);
  const diff = diffLedger(findings, rows);
  const relative = path.relative(repoRoot, LEDGER_FILE);
  for (const finding of diff.added) process.stdout.write(`+ ${findingKey(finding)}\n`);
  for (const row of diff.removed) process.stdout.write(`- ${findingKey(row)} (was ${row.verdict}: ${row.why})\n`);
  const current: LedgerRow[] = [...diff.matched, ...diff.added.map((f) => ({ ...f, verdict: "?" as const, why: "" }))];
  process.stdout.write(
    `${diff.added.length} new, ${diff.removed.length} gone, ${diff.matched.length} as reviewed in ${relative}\n` +
      `${line("all rules", summarize(current, documents))}\n` +
      `${line(
        "without next-action",
        summarize(
          current.filter((r) => r.ruleId !== "next-action"),
          documents,
        ),
      )}\n` +
      `${perRule(current).join("\n")}\n`,
  );
  if (write) {
    const text = formatLedger(current, header);
    writeFileAtomic.sync(LEDGER_FILE, text);
    if (readFileSync(LEDGER_FILE, "utf8") !== text) throw new Error(`${relative}: read back differs from what was written`);
    process.stdout.write(`wrote ${relative}${diff.added.length ? `: review the ${diff.added.length} rows marked ?` : ""}\n`);
    return 0;
  }
  return diff.added.length + diff.removed.length === 0 ? 0 : 1;
}

process.exitCode = await main();
