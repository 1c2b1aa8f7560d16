/**
 * Hand-checked section-role labels (`test/fixtures/roles/*.tsv`) and their scoring: per role, the
 * headings the classifier got right (tp), named wrongly (fp) and missed (fn). The label files hold
 * file names, line numbers and roles only — never a heading's text; the text is read from the
 * documents at run time.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseDocument } from "../../src/2-parse/document/parse.js";
import type { HandoffDocument } from "../../src/2-parse/document/model.js";
import { SECTION_ROLES, type SectionRole } from "../../src/2-parse/roles/roles.js";
import { sourceFromBytes } from "../../src/1-load/read.js";
import { repoRoot } from "./locations.js";

/** One labelled heading: where it is and the roles a reader gave it (empty: no role). */
export interface RoleLabel {
  /** Path of the document, relative to the labelled set's root. */
  file: string;
  line: number;
  roles: SectionRole[];
}

/** Per-role counts. */
export interface RoleScore {
  tp: number;
  fp: number;
  fn: number;
}

/** Reads a label file: a header line, then tab-separated rows; `keys` name the columns that make the file path. */
export function readLabels(name: string, pathOf: (columns: Record<string, string>) => string): RoleLabel[] {
  const [header, ...rows] = readFileSync(path.join(repoRoot, "test/fixtures/roles", name), "utf8")
    .trimEnd()
    .split("\n");
  const names = (header ?? "").split("\t");
  return rows.map((row) => {
    const cells = row.split("\t");
    const columns = Object.fromEntries(names.map((n, i) => [n, cells[i] ?? ""]));
    const roles = columns.roles === "-" ? [] : (columns.roles ?? "").split(",");
    for (const role of roles) if (!(SECTION_ROLES as readonly string[]).includes(role)) throw new Error(`${name}: unknown role '${role}'`);
    return { file: pathOf(columns), line: Number(columns.line), roles: roles as SectionRole[] };
  });
}

/** Parses the documents of `labels` under `root`, once each, sections built. */
export function loadDocuments(root: string, labels: readonly RoleLabel[]): Map<string, HandoffDocument> {
  const documents = new Map<string, HandoffDocument>();
  for (const { file } of labels) {
    if (documents.has(file)) continue;
    const full = path.join(root, file);
    const document = parseDocument(sourceFromBytes(full, readFileSync(full), root));
    void document.sections;
    documents.set(file, document);
  }
  return documents;
}

/** H1–H3 headings of `documents` that no label names, and labels that name no heading. */
export function coverage(labels: readonly RoleLabel[], documents: ReadonlyMap<string, HandoffDocument>): { unlabelled: string[]; orphans: string[] } {
  const labelled = new Set(labels.map((l) => `${l.file}:${l.line}`));
  const headings = new Set<string>();
  for (const [file, document] of documents) {
    for (const s of document.sections) if (s.depth <= 3) headings.add(`${file}:${s.headingRange.start.line}`);
  }
  return { unlabelled: [...headings].filter((h) => !labelled.has(h)), orphans: [...labelled].filter((l) => !headings.has(l)) };
}

/** Scores the classifier (the sections' heading roles) against `labels`, per role. */
export function score(labels: readonly RoleLabel[], documents: ReadonlyMap<string, HandoffDocument>): Record<string, RoleScore> {
  const scores: Record<string, RoleScore> = {};
  const bump = (role: string, key: keyof RoleScore) => {
    scores[role] ??= { tp: 0, fp: 0, fn: 0 };
    scores[role][key]++;
  };
  for (const label of labels) {
    const section = documents.get(label.file)?.sections.find((s) => s.headingRange.start.line === label.line);
    const got = new Set<string>(section?.roles ?? []);
    const want = new Set<string>(label.roles);
    for (const role of got) bump(role, want.has(role) ? "tp" : "fp");
    for (const role of want) if (!got.has(role)) bump(role, "fn");
  }
  return Object.fromEntries(Object.entries(scores).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Precision and recall of one score, 0..1 (1 when there is nothing to be wrong about). */
export function precisionRecall({ tp, fp, fn }: RoleScore): { precision: number; recall: number } {
  return { precision: tp + fp === 0 ? 1 : tp / (tp + fp), recall: tp + fn === 0 ? 1 : tp / (tp + fn) };
}
