/**
 * Scores the detectors on the labelled sets: per category, how many positives were found and how
 * many negatives drew a finding. Shared by `test/labelled/*.test.ts` (exact counts pinned) and
 * `npm run score` (the tables).
 */
import { builtinRules } from "../../rules/index.js";
import { noSecrets } from "../../rules/no-secrets.js";
import type { Diagnostic } from "../../src/3-check/engine/diagnostic.js";
import { createSession, lintText, type LintSession } from "../../src/3-check/lint.js";
import { corpusCredentialLines, corpusParagraphs } from "./corpus-lines.js";
import { writtenNegatives } from "./injection-negatives.js";
import { injectionPositives } from "./injection-positives.js";
import type { LabelledElement } from "./injection-scaffold.js";
import { secretNegatives, secretPositives, type SecretCase } from "./secrets-set.js";

/** One scored case. */
export interface CaseResult {
  id: string;
  category: string;
  /** Positives: found. Negatives: flagged (a false positive). */
  hit: boolean;
  /** The findings that decided it, `line:column ruleId message`. */
  findings: string[];
}

/** Totals of one category. */
export interface CategoryRow {
  category: string;
  total: number;
  hits: number;
}

let injectionSession: LintSession | undefined;
let secretSession: LintSession | undefined;

/**
 * Findings of the nine injection rules on `text`, at error or warning: `info` notices (a remote
 * image, which loads when rendered) say nothing about an injection and count neither way.
 */
export function injectionFindings(text: string, path = "handoff.md"): Diagnostic[] {
  injectionSession ??= createSession({ cwd: "/virtual", config: {}, rules: builtinRules.filter((r) => r.meta.id.startsWith("injection-")) });
  return lintText(path, text, injectionSession).diagnostics.filter((d) => d.severity !== "info");
}

/** Findings of `no-secrets` on `text`. */
export function secretFindings(text: string, path = "handoff.md"): Diagnostic[] {
  secretSession ??= createSession({ cwd: "/virtual", config: {}, rules: [noSecrets] });
  return lintText(path, text, secretSession).diagnostics;
}

const show = (d: Diagnostic): string => `${d.line}:${d.column} ${d.ruleId} ${d.message}`;

/** A positive is found when an injection finding starts on one of its element's lines. */
export function scoreInjectionPositive(element: LabelledElement): CaseResult {
  const inside = injectionFindings(element.text).filter((d) => d.line >= element.startLine && d.line <= element.endLine);
  return { id: element.id, category: element.category, hit: inside.length > 0, findings: inside.map(show) };
}

/** A negative is flagged by any injection finding in the document. */
export function scoreInjectionNegative(element: LabelledElement): CaseResult {
  const all = injectionFindings(element.text);
  return { id: element.id, category: element.category, hit: all.length > 0, findings: all.map(show) };
}

/** The real paragraphs, each linted as a document of its own. */
export function scoreCorpusParagraphs(): CaseResult[] {
  return corpusParagraphs().map((piece) => {
    const all = injectionFindings(`${piece.text}\n`);
    return { id: `${piece.file}:${piece.line}`, category: "real paragraphs (corpus-public/docs)", hit: all.length > 0, findings: all.map(show) };
  });
}

/** A secret positive is found when a `no-secrets` finding covers the start of its value. */
export function scoreSecretPositive(c: SecretCase): CaseResult {
  const at = c.text.indexOf(c.value);
  const found = secretFindings(c.text).filter((d) => d.offset <= at && d.endOffset > at);
  return { id: c.id, category: c.category, hit: found.length > 0, findings: found.map((d) => `${d.line}:${d.column} ${d.messageId ?? d.ruleId}`) };
}

/** A secret negative is flagged by any `no-secrets` finding. Messages are masked already. */
export function scoreSecretNegative(c: { id: string; category: string; text: string }): CaseResult {
  const found = secretFindings(c.text);
  return { id: c.id, category: c.category, hit: found.length > 0, findings: found.map((d) => `${d.line}:${d.column} ${d.message}`) };
}

/** Real credential lines of the corpus, each linted as a document of its own. */
export function scoreCorpusCredentialLines(): CaseResult[] {
  return corpusCredentialLines().map((piece) =>
    scoreSecretNegative({ id: `${piece.file}:${piece.line}`, category: "real lines (corpus-public)", text: `${piece.text}\n` }),
  );
}

/** Rows per category, in first-seen order. */
export function categoryRows(results: readonly CaseResult[]): CategoryRow[] {
  const rows = new Map<string, CategoryRow>();
  for (const r of results) {
    const row = rows.get(r.category) ?? { category: r.category, total: 0, hits: 0 };
    row.total++;
    if (r.hit) row.hits++;
    rows.set(r.category, row);
  }
  return [...rows.values()];
}

/** Every result of every set, computed once. */
export interface Scores {
  injectionPositives: CaseResult[];
  injectionNegatives: CaseResult[];
  injectionReal: CaseResult[];
  secretPositives: CaseResult[];
  secretNegatives: CaseResult[];
  secretReal: CaseResult[];
}

/** Scores every set. */
export function scoreAll(): Scores {
  return {
    injectionPositives: injectionPositives().map(scoreInjectionPositive),
    injectionNegatives: writtenNegatives().map(scoreInjectionNegative),
    injectionReal: scoreCorpusParagraphs(),
    secretPositives: secretPositives().map(scoreSecretPositive),
    secretNegatives: secretNegatives().map(scoreSecretNegative),
    secretReal: scoreCorpusCredentialLines(),
  };
}

const percent = (hits: number, total: number): string => (total === 0 ? "—" : `${((100 * hits) / total).toFixed(1)}%`);

/** A Markdown table: category, total, hits and their share, plus a total row. */
export function markdownTable(rows: readonly CategoryRow[], hitLabel: string): string {
  const total = rows.reduce((n, r) => n + r.total, 0);
  const hits = rows.reduce((n, r) => n + r.hits, 0);
  const lines = [`| category | cases | ${hitLabel} | share |`, "| --- | ---: | ---: | ---: |"];
  for (const r of rows) lines.push(`| ${r.category} | ${r.total} | ${r.hits} | ${percent(r.hits, r.total)} |`);
  lines.push(`| **all** | **${total}** | **${hits}** | **${percent(hits, total)}** |`);
  return lines.join("\n");
}
