/**
 * Text placed in the Markdown handoffkit writes (`stats --format markdown`, the GitHub job
 * summary) so that it renders as exactly its characters: no HTML, no link or image, no emphasis,
 * no way out of a table cell or a code span — a file name or a section title from a repository is
 * data, and a job summary is shown to whoever opens the run.
 */
import { escapeControls } from "./controls.js";

/**
 * The punctuation that means something inside a table cell (emphasis, code, links and images,
 * strikethrough, the cell's end), each backslash-escaped (CommonMark §2.4). `#`, `+`, `-`, `.` and
 * `>` only mean something at the start of a line, which a cell never is; `(` only after `]`.
 */
const MARKDOWN_PUNCTUATION = /[\\`*_[\]!~|]/g;

/** The text on one line, its controls made visible. */
function oneLine(text: string): string {
  return escapeControls(text.replace(/[\r\n]+/g, " "));
}

/**
 * `text` for a cell of a GitHub-flavoured Markdown table, rendered as written: one line, `&`, `<`
 * and `>` as character references (no HTML), the punctuation of emphasis, code, links and images
 * backslash-escaped, `|` as `\|` (the cell does not end).
 */
export function markdownCell(text: string): string {
  return oneLine(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(MARKDOWN_PUNCTUATION, (char) => `\\${char}`);
}

/**
 * `text` as a code span in a table cell: fenced with one backtick more than its longest run of
 * backticks, padded with a space when it starts or ends with one (CommonMark §6.1), `|` as `\|`
 * (GFM reads that escape before the span). Nothing inside a code span is HTML or Markdown. A text
 * holding `\|` is written with {@link markdownCell} instead.
 */
export function markdownCodeCell(text: string): string {
  const flat = oneLine(text);
  // A backslash right before a pipe would turn the pipe's escape into an escaped backslash and end
  // the cell: such a text is written as escaped text instead (no code span can hold it in a table).
  if (flat.includes("\\|")) return markdownCell(flat);
  let longest = 0;
  for (const run of flat.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = "`".repeat(longest + 1);
  const pad = flat.startsWith("`") || flat.endsWith("`") || flat.length === 0 ? " " : "";
  return `${fence}${pad}${flat.replace(/\|/g, "\\|")}${pad}${fence}`;
}
