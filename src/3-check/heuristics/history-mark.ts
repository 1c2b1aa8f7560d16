/**
 * History marks: a document that says it is no longer the handoff to resume — archived,
 * superseded, historical — by its frontmatter (or a JSON record's `status`), its title, a status
 * line at its head, or the folder it is kept in (`handoffs/archive/…`, read from the path relative
 * to the working directory, so a checkout kept under `~/old/` does not count). Read from the one
 * file alone (its path and text), so a worker or the cache judges it without its siblings.
 */
import type { Node, Root } from "mdast";
import type { HandoffDocument } from "../../2-parse/document/model.js";
import { foldHeadingText } from "../../2-parse/roles/role-text.js";

/** What marks the document as history, for a message or a test. */
export interface HistoryMark {
  /** `status`, `superseded_by`, `title`, `status line` or `folder`. */
  by: "status" | "superseded_by" | "title" | "status line" | "folder";
  /** The value, title, line or folder as written. */
  text: string;
}

/** Statuses of a handoff nobody resumes: finished, or kept as history. */
export const HISTORY_STATUSES: ReadonlySet<string> = new Set([
  "completed",
  "archived",
  "closed",
  "done",
  "historical",
  "superseded",
  "obsolete",
  "deprecated",
  "abandoned",
  "cancelled",
  "canceled",
]);
/** Frontmatter keys that name the document replacing this one. */
const SUPERSEDED_BY_KEYS = ["superseded_by", "supersededBy", "superseded-by", "replaced_by", "replacedBy"];
/**
 * Words that mark history, matched on folded text (lower case, `ü` as `ue`, other diacritics
 * dropped): "superseded" (not "supersedes", which says the reverse), "archived", "obsolete",
 * "deprecated", "historical", and their German, Spanish, Italian, Portuguese, Russian, Chinese and
 * Japanese forms (French `archivé` folds to the noun `archive` and is left out).
 */
const HISTORY_WORD_RE =
  /\b(?:superseded|archived|obsolete|deprecated|historical|archiviert|veraltet|ueberholt|archivado|obsoleto|reemplazado|archiviato|sostituito|arquivado|substituido)\b|(?:^|\P{L})(?:устарел\p{L}{0,2}|архивн\p{L}{0,3}|заменен\p{L}{0,2})(?!\p{L})|已归档|已歸檔|已废弃|已廢棄|已过时|已過時|アーカイブ済み|廃止/u;
/**
 * A status line at the document's head: `Status: superseded` (the value's first word), a line
 * opening with `Superseded by x.md` or `This handoff is superseded by …`, a `> **Archived** — …`
 * line. A finished phase (`Status: complete`) is not one: the next session resumes from it.
 */
const STATUS_LINE_RE =
  /^[\s>*_-]*(?:(?:status|state|stand|statut|estado|stato|статус|状态|状態|상태)[*_]*\s*[:：][*_\s]*(?<value>[^\n]{1,80})|(?<by>(?:this (?:handoff|document|file|note) (?:is|was|has been) )?superseded by\b[^\n]{0,80})|(?<alone>(?:superseded|archived|historical|obsolete)[*_]*\s*(?:[:.!—–-][^\n]{0,80})?)$)/iu;
/** Folders that keep history: `archive`, `archived`, `_archive`, `old`, `history`, `superseded`. */
const HISTORY_DIR_RE = /^[._]?(?:archives?|archived|old|history|superseded|deprecated)$/i;
/** How many enclosing folders are read (`handoffs/archive/2026/x.md`). */
const DIR_DEPTH = 3;
/** How much of the document's head (before its first section heading after the title) is read. */
const HEAD_CHARS = 3000;

/** The mark that says `document` is history, or undefined for a document to resume. */
export function historyMark(document: HandoffDocument): HistoryMark | undefined {
  // A JSON record's status (a whole-file record, or one fenced in Markdown) says the same as
  // frontmatter's; the record is read only without frontmatter (in Markdown it takes the parse).
  const data = document.frontmatter?.data ?? recordObject(document);
  if (data) {
    const status = typeof data.status === "string" ? data.status.trim() : "";
    if (HISTORY_STATUSES.has(status.toLowerCase())) return { by: "status", text: status };
    for (const key of SUPERSEDED_BY_KEYS) {
      const value = data[key];
      if (typeof value === "string" && value.trim() !== "") return { by: "superseded_by", text: value.trim() };
    }
  }
  const folder = document.displayPath
    .split(/[\\/]+/)
    .slice(0, -1)
    .slice(-DIR_DEPTH)
    .find((dir) => HISTORY_DIR_RE.test(dir));
  if (folder) return { by: "folder", text: folder };
  return document.mdast ? headMark(document.mdast, document.text) : undefined;
}

/** The document's JSON record when it is an object, else undefined. */
function recordObject(document: HandoffDocument): Record<string, unknown> | undefined {
  const record = document.record?.data;
  return record && typeof record === "object" && !Array.isArray(record) ? (record as Record<string, unknown>) : undefined;
}

/** A mark in the title or a status line before the first heading after it (code never read). */
function headMark(root: Root, text: string): HistoryMark | undefined {
  let headingsSeen = 0;
  for (const node of root.children as Node[]) {
    const start = node.position?.start.offset ?? 0;
    if (start > HEAD_CHARS) return undefined;
    const source = text.slice(start, node.position?.end.offset ?? start);
    if (node.type === "heading") {
      headingsSeen++;
      if (headingsSeen > 1) return undefined;
      if (HISTORY_WORD_RE.test(foldHeadingText(source))) return { by: "title", text: source.replace(/^#+\s*/, "").trim() };
      continue;
    }
    if (node.type !== "paragraph" && node.type !== "blockquote" && node.type !== "list") continue;
    for (const line of source.split("\n")) {
      const match = STATUS_LINE_RE.exec(line);
      const groups = match?.groups;
      if (!groups) continue;
      const value = groups.value ?? groups.by ?? groups.alone ?? "";
      // `Status: archived`, but not `Status: in progress (the v1 notes are archived)` further on.
      if (groups.value !== undefined && !HISTORY_WORD_RE.test(foldHeadingText(value.replace(/^[*_\s]+/, "").split(/[\s,.;(]/, 1)[0] ?? ""))) continue;
      return { by: "status line", text: line.trim() };
    }
  }
  return undefined;
}
