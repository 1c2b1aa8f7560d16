/**
 * The sno progress record's machine block (public repo sno-ai/sno-station-skills, skill `handoff`,
 * `handoff-checkpoint`): the lines between the whole lines
 * `<!-- machine-record:start -->` and `<!-- machine-record:end -->`:
 *
 * ```text
 * checkpoint: 2
 * updated: 2026-03-01T10:00:00Z
 * by: claude
 * checkout: /home/me/project
 * branch: main                      (or "(detached)")
 * head: 0123456789ab Fix the parser (12 hex and the subject; "(none)" before the first commit)
 * recent:
 * - 0123456789ab Fix the parser     (up to five, newest first)
 * uncommitted:
 * - M src/parser.ts sha256:<64 hex> ("-" when the file is gone)
 * - ?? notes with spaces.md sha256:<64 hex>
 * ```
 *
 * Uncommitted paths are sorted bytewise. The status is git's `XY` without its padding space, as
 * sno's own tool writes it. A path containing a line break or starting with `"` is written as a JSON
 * string so every name round-trips.
 */
/** Sno progress-record machine block markers (public repo sno-ai/sno-station-skills). */
export const SNO_RECORD_START = "<!-- machine-record:start -->";
export const SNO_RECORD_END = "<!-- machine-record:end -->";
/** Sno cutover brief end marker. */
export const SNO_CUTOVER_EOF = "<!-- AGENT_CUTOVER_EOF -->";

/**
 * Offset of the first line of `text` that is exactly `marker` (trailing spaces or tabs allowed),
 * or -1. A search, not a regex: linear whatever the text.
 */
export function markerLineOffset(text: string, marker: string): number {
  for (let at = text.indexOf(marker); at !== -1; at = text.indexOf(marker, at + 1)) {
    const before = at === 0 ? "\n" : text[at - 1];
    if (before !== "\n" && before !== "\r") continue;
    let end = at + marker.length;
    while (text[end] === " " || text[end] === "\t") end++;
    if (end === text.length || text[end] === "\n" || text[end] === "\r") return at;
  }
  return -1;
}

/** One commit line: 12 hex digits and a subject. */
export interface RecordCommit {
  short: string;
  subject: string;
}

/** One uncommitted path of the record. */
export interface RecordPath {
  status: string;
  path: string;
  /** Lowercase hex, or undefined for `-`. */
  sha256: string | undefined;
}

/** The machine block's content. */
export interface SnoRecord {
  checkpoint: number;
  /** As written (UTC, ISO-8601). */
  updated: string;
  by: string;
  checkout: string;
  /** Undefined when the record says `(detached)`. */
  branch: string | undefined;
  /** Undefined when the record says `(none)`. */
  head: RecordCommit | undefined;
  recent: RecordCommit[];
  uncommitted: RecordPath[];
}

/** Where the block sits in a text. Offsets index the text. */
export interface RecordBlockLocation {
  /** Start of the start-marker line. */
  start: number;
  /** Just past the start-marker line's line ending: where the content begins. */
  contentStart: number;
  /** Start of the end-marker line: where the content ends. */
  contentEnd: number;
  /** Just past the end-marker text (its line ending, if any, is outside the block). */
  end: number;
}

/** Lines with their offsets, splitting at LF, CRLF or CR. */
function linesOf(text: string): Array<{ text: string; start: number; next: number }> {
  const lines: Array<{ text: string; start: number; next: number }> = [];
  const re = /\r\n|\r|\n/g;
  let start = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    lines.push({ text: text.slice(start, m.index), start, next: m.index + m[0].length });
    start = m.index + m[0].length;
  }
  if (start < text.length) lines.push({ text: text.slice(start), start, next: text.length });
  return lines;
}

/** Finds the first start marker line and the end marker line after it (trailing spaces allowed). */
export function locateRecordBlock(text: string): RecordBlockLocation | undefined {
  const lines = linesOf(text);
  const open = lines.findIndex((l) => l.text.trimEnd() === SNO_RECORD_START);
  if (open === -1) return undefined;
  const close = lines.findIndex((l, i) => i > open && l.text.trimEnd() === SNO_RECORD_END);
  if (close === -1) return undefined;
  const first = lines[open] as { start: number; next: number };
  const last = lines[close] as { start: number; text: string };
  return { start: first.start, contentStart: first.next, contentEnd: last.start, end: last.start + last.text.length };
}

/** A record that cannot be used, and why (one line). */
export class RecordError extends Error {
  override name = "RecordError";
}

const COMMIT_RE = /^([0-9a-f]{7,40}) (.*)$/;

function parsePathLine(rest: string): RecordPath | undefined {
  const m = /^(\S{1,2}) (.*) sha256:([0-9a-f]{64}|-)$/.exec(rest);
  if (!m) return undefined;
  let recordedPath = m[2] as string;
  if (recordedPath.startsWith('"')) {
    try {
      recordedPath = JSON.parse(recordedPath) as string;
    } catch {
      return undefined;
    }
  }
  return { status: m[1] as string, path: recordedPath, sha256: m[3] === "-" ? undefined : m[3] };
}

/**
 * Parses the lines between the markers.
 * @throws RecordError naming the first problem (a missing field, a malformed line).
 */
export function parseRecordContent(content: string): SnoRecord {
  const fields = new Map<string, string>();
  const recent: RecordCommit[] = [];
  const uncommitted: RecordPath[] = [];
  let list: "recent" | "uncommitted" | undefined;
  for (const { text: line } of linesOf(content)) {
    if (line.trim() === "") continue;
    if (line.startsWith("- ")) {
      const rest = line.slice(2);
      if (list === "recent") {
        const m = COMMIT_RE.exec(rest);
        if (!m) throw new RecordError(`malformed recent commit line '${line}'`);
        recent.push({ short: m[1] as string, subject: m[2] as string });
      } else if (list === "uncommitted") {
        const entry = parsePathLine(rest.replace(/^ (?=\S\s)/, ""));
        if (!entry) throw new RecordError(`malformed uncommitted line '${line}'`);
        uncommitted.push(entry);
      } else {
        throw new RecordError(`list item outside 'recent:' or 'uncommitted:': '${line}'`);
      }
      continue;
    }
    const m = /^([a-z]+):(?: (.*))?$/.exec(line.trimEnd());
    if (!m) throw new RecordError(`malformed line '${line}'`);
    const key = m[1] as string;
    if (key === "recent" || key === "uncommitted") {
      list = key;
      continue;
    }
    list = undefined;
    fields.set(key, m[2] ?? "");
  }
  for (const key of ["checkpoint", "updated", "checkout", "branch", "head"]) {
    if (!fields.has(key)) throw new RecordError(`the record has no '${key}:' line`);
  }
  const checkpoint = fields.get("checkpoint") as string;
  if (!/^[1-9]\d{0,8}$/.test(checkpoint)) throw new RecordError(`'checkpoint: ${checkpoint}' is not a positive whole number`);
  const headText = fields.get("head") as string;
  let head: RecordCommit | undefined;
  if (headText !== "(none)") {
    const h = COMMIT_RE.exec(headText);
    if (!h) throw new RecordError(`'head: ${headText}' is not a commit id and subject`);
    head = { short: h[1] as string, subject: h[2] as string };
  }
  const branch = fields.get("branch") as string;
  return {
    checkpoint: Number(checkpoint),
    updated: fields.get("updated") as string,
    by: fields.get("by") ?? "",
    checkout: fields.get("checkout") as string,
    branch: branch === "(detached)" ? undefined : branch,
    head,
    recent,
    uncommitted,
  };
}

function pathText(value: string): string {
  return /[\u0000-\u001f\u007f]/.test(value) || value.startsWith('"') || value !== value.trim() ? JSON.stringify(value) : value;
}

/** The block's content lines (without the markers), each ending with `eol`. */
export function formatRecordContent(record: SnoRecord, eol: string): string {
  const line = (s: string) => s.replace(/[\r\n]+/g, " ");
  const lines = [
    `checkpoint: ${record.checkpoint}`,
    `updated: ${record.updated}`,
    `by: ${line(record.by)}`,
    `checkout: ${line(record.checkout)}`,
    `branch: ${record.branch ?? "(detached)"}`,
    `head: ${record.head ? `${record.head.short} ${line(record.head.subject)}` : "(none)"}`,
    "recent:",
    ...record.recent.map((c) => `- ${c.short} ${line(c.subject)}`),
    "uncommitted:",
    ...record.uncommitted.map((p) => `- ${p.status} ${pathText(p.path)} sha256:${p.sha256 ?? "-"}`),
  ];
  return lines.map((l) => l + eol).join("");
}

/** The five sections below a new record's block, in sno's order. */
export const SNO_RECORD_SECTIONS = ["Objective and authorization", "Done", "Next", "Decisions and assumptions", "Risks and open questions"];

/** What a new record's sections say until the writer fills them (the same as `templates/sno.md`). */
const NEW_SECTION_TEXT: Readonly<Record<string, string>> = {
  "Objective and authorization": "Not recorded yet.",
  Done: "Not recorded yet.",
  Next: "Check the checkout against the record above with `handoff checkpoint --verify`.",
  "Decisions and assumptions": "None recorded yet.",
  "Risks and open questions": "None recorded yet.",
};

/** A whole new progress record: the block, then the five sections, each saying it is not filled in yet. */
export function newRecordText(record: SnoRecord, eol: string): string {
  const sections = SNO_RECORD_SECTIONS.map((title) => `## ${title}${eol}${eol}${NEW_SECTION_TEXT[title]}${eol}`).join(eol);
  return `${SNO_RECORD_START}${eol}${formatRecordContent(record, eol)}${SNO_RECORD_END}${eol}${eol}${sections}`;
}
