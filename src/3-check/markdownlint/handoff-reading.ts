/**
 * The `handoff` preset's reading of markdownlint findings: for each rule it keeps on, which of the
 * rule's findings are a real breakage when the next session reads the handoff (rendered or raw),
 * and the fix that holds for a handoff where markdownlint's own message suggests another one.
 * Findings of the other shapes are dropped: they render as the writer meant.
 *
 * A reading sees markdownlint's finding and the document's mdast (same line numbers: markdownlint
 * is given the same text) and returns the message to report, or undefined to drop the finding.
 */
import type { List, ListItem, Node, Parent, Root } from "mdast";
import type { LintError } from "markdownlint";
import { visit } from "unist-util-visit";
import type { HandoffDocument } from "../../2-parse/document/model.js";

/** What a reading looks at besides the finding: built once per document, on first use. */
export class ReadingView {
  #paragraphStarts: Map<number, number> | undefined;
  #items: Map<number, { item: ListItem; list: List; parent: Parent; listIndex: number }> | undefined;
  #lines: string[] | undefined;
  #definesReferences: boolean | undefined;

  constructor(readonly document: HandoffDocument) {}

  /** Whether the document defines a link reference (`[label]: url`) anywhere. */
  definesReferences(): boolean {
    if (this.#definesReferences === undefined) {
      let found = false;
      const root = this.document.mdast;
      if (root) {
        visit(root, "definition", () => {
          found = true;
          return false;
        });
      }
      this.#definesReferences = found;
    }
    return this.#definesReferences;
  }

  /** The text of 1-based `line`, without its line ending. */
  line(line: number): string {
    this.#lines ??= this.document.text.split(/\r\n|\r|\n/);
    return this.#lines[line - 1] ?? "";
  }

  /** The first line of the paragraph `line` is a later line of (a wrapped line), or undefined. */
  paragraphStartBefore(line: number): number | undefined {
    if (!this.#paragraphStarts) {
      const starts = new Map<number, number>();
      const root = this.document.mdast;
      if (root) {
        visit(root, "paragraph", (node) => {
          const start = node.position?.start.line;
          const end = node.position?.end.line;
          if (start === undefined || end === undefined) return;
          for (let l = start + 1; l <= end; l++) starts.set(l, start);
        });
      }
      this.#paragraphStarts = starts;
    }
    return this.#paragraphStarts.get(line);
  }

  /** The list item starting on `line`, with its list and where that list sits. */
  itemAt(line: number): { item: ListItem; list: List; parent: Parent; listIndex: number } | undefined {
    if (!this.#items) {
      const items = new Map<number, { item: ListItem; list: List; parent: Parent; listIndex: number }>();
      const root: Root | undefined = this.document.mdast;
      if (root) {
        visit(root, "list", (list, listIndex, parent) => {
          if (!parent || listIndex === undefined) return;
          for (const item of list.children) {
            const start = item.position?.start.line;
            if (start !== undefined && !items.has(start)) items.set(start, { item, list, parent, listIndex });
          }
        });
      }
      this.#items = items;
    }
    return this.#items.get(line);
  }
}

/** A reading: the message to report for `error`, or undefined to drop it. */
type Reading = (error: LintError, view: ReadingView, message: MessageParts) => string | undefined;

/** markdownlint's message in parts, so a reading can put its own explanation between them. */
export interface MessageParts {
  description: string;
  detail: string;
  context: string;
}

const startLine = (node: Node | undefined): number => node?.position?.start.line ?? 0;
const endLine = (node: Node | undefined): number => node?.position?.end.line ?? 0;
/** Characters of the shortest line taken as wrapped (hard-wrapped prose fills 60–100). */
const WRAPPED_LINE_MIN = 40;
/** A character that starts a sentence's continuation: a lower-case letter, a digit or a symbol. */
const CONTINUES_RE = /^[\p{Ll}\p{N}$%&#(~]/u;
/** A line that ends mid-sentence: a letter, digit, comma, closing code span, bracket or quote. */
const MID_SENTENCE_END_RE = /[\p{L}\p{N},`)\]'"]$/u;

/**
 * The marker of `line` when that line reads as the rest of the sentence on the line above: the line
 * above has at least 40 characters (it was wrapped because it was full; a short one is a label)
 * and ends mid-sentence (not `.`, `:`), and the text after the marker continues it (lower case, a
 * digit or a symbol). With `textColumn`, the marker must also start where the text above starts
 * (a marker indented past it is a sub-point the writer set apart).
 */
function continuesSentence(view: ReadingView, line: number, textColumn: number | undefined): string | undefined {
  const previous = view.line(line - 1).trimEnd();
  if (previous.trim().length < WRAPPED_LINE_MIN || !MID_SENTENCE_END_RE.test(previous)) return undefined;
  const match = /^([ \t]*)([-+*]|\d{1,9}[.)])[ \t]+([^ \t].*)?$/.exec(view.line(line));
  if (!match || !CONTINUES_RE.test(match[3] ?? "")) return undefined;
  if (textColumn !== undefined && (match[1] ?? "").length !== textColumn) return undefined;
  return match[2];
}

/**
 * A list that is a wrapped line of the paragraph above it: CommonMark lets a `-`, `+` or `*` item
 * (and a `1.` item) interrupt a paragraph, so a line break before `+ 30%` turns the rest of the
 * sentence into a list item (a nested one inside a list item). Told from a list the writer meant by:
 * one item holding one paragraph, right under a paragraph line it continues ({@link continuesSentence}).
 */
export function wrappedLineItem(view: ReadingView, line: number): { marker: string; nested: boolean } | undefined {
  const at = view.itemAt(line);
  if (!at || at.list.children.length !== 1 || startLine(at.list) !== line) return undefined;
  const before = at.parent.children[at.listIndex - 1];
  if (!before || before.type !== "paragraph" || endLine(before) !== line - 1) return undefined;
  // The item holds the rest of a sentence: one paragraph, no sub-list or code of its own.
  if (at.item.children.length !== 1 || at.item.children[0]?.type !== "paragraph") return undefined;
  const textColumn = endLine(before) === startLine(before) ? (before.position?.start.column ?? 1) - 1 : (/^[ \t]*/.exec(view.line(line - 1))?.[0].length ?? 0);
  const marker = continuesSentence(view, line, textColumn);
  return marker === undefined ? undefined : { marker, nested: at.parent.type === "listItem" };
}

/** `'+'` → `'\+'`, `'3.'` → `'3\.'`: the marker written so it stays text. */
const escapedMarker = (marker: string) => marker.replace(/^(\d+)([.)])$/, "$1\\$2").replace(/^([-+*])$/, "\\$1");

const wrappedLineMessage = (marker: string, renders: string, parts: MessageParts, detail = parts.detail) =>
  `${parts.description}${detail}: this line continues the sentence above but starts with '${marker} ', so it renders as ${renders}; ` +
  `re-wrap the paragraph so the line does not start with '${marker}', or escape the marker as '${escapedMarker(marker)}' ` +
  `(changing the marker or its indentation keeps the list)${parts.context}`;

function wrappedLineList(error: LintError, view: ReadingView, parts: MessageParts): string | undefined {
  const wrapped = wrappedLineItem(view, error.lineNumber);
  return wrapped && wrappedLineMessage(wrapped.marker, wrapped.nested ? "a nested list item" : "a list item", parts);
}

/** ATX headings without the space: a letter must follow the `#`s, on a line that starts a block. */
function missingHeadingSpace(error: LintError, view: ReadingView, parts: MessageParts): string | undefined {
  const text = view.line(error.lineNumber).replace(/^[ \t]*/, "");
  // `#123` is an issue number, `#!` a shebang: neither was meant as a heading.
  if (!/^#+\p{L}/u.test(text)) return undefined;
  // A wrapped line of a paragraph (`… see\n#channel`) is that paragraph's text, not a heading try.
  if (view.paragraphStartBefore(error.lineNumber) !== undefined) return undefined;
  return `${parts.description}${parts.detail}: the line renders as text, not as a heading; put a space after the '#'${parts.context}`;
}

/** Ordered list numbers: only an item rendered with another number than the one written. */
function renumberedItem(error: LintError, view: ReadingView, parts: MessageParts): string | undefined {
  const at = view.itemAt(error.lineNumber);
  if (!at || !at.list.ordered) return undefined;
  const index = at.list.children.indexOf(at.item);
  const written = (item: ListItem | undefined) => Number(/^[ \t>]*(\d{1,9})[.)]/.exec(view.line(startLine(item)))?.[1] ?? Number.NaN);
  const first = written(at.list.children[0]);
  const numbers = at.list.children.map(written);
  // `1. 1. 1.` asks the renderer to number the items; a list that starts at 4 renders from 4.
  if (index <= 0 || numbers.every((n) => n === first)) return undefined;
  const rendered = (at.list.start ?? 1) + index;
  const own = written(at.item);
  if (own === rendered) return undefined;
  // An item continuing the previous item's last sentence (`… wait for the⏎10. minutes`) is a
  // wrapped line: an ordinal or a count, not the writer's numbering.
  const previousItem = at.list.children[index - 1];
  if (endLine(previousItem?.children.at(-1)) === error.lineNumber - 1 && previousItem?.children.at(-1)?.type === "paragraph") {
    const marker = continuesSentence(view, error.lineNumber, undefined);
    if (marker !== undefined) return wrappedLineMessage(marker, `item ${rendered} of the list`, parts, ` [written ${own}, rendered as ${rendered}]`);
  }
  return (
    `${parts.description} [written ${own}, rendered as ${rendered}]: Markdown numbers a list's items on from the first item's number, ` +
    `so a reference to item ${own} points elsewhere; renumber the list${parts.context}`
  );
}

/** Spaces inside `**` / `__`: bold that renders as literal asterisks or underscores. */
function spacedStrong(error: LintError, _view: ReadingView, parts: MessageParts): string | undefined {
  // Single `*` / `_` findings are cron fields (`0 8 * * *`), globs and snake_case file names.
  if (!/\*\*|__/.test(error.errorContext ?? "")) return undefined;
  return `${parts.description}: the markers render as literal characters, not bold; remove the space between each marker and the text${parts.context}`;
}

/** An indented code block in a document that fences its code: text indented by accident. */
function indentedCode(error: LintError, _view: ReadingView, parts: MessageParts): string | undefined {
  if (!/Actual: indented/.test(error.errorDetail ?? "")) return undefined;
  return (
    `${parts.description}${parts.detail}: this text is indented 4 spaces or more after a blank line, so it renders as a code block; ` +
    `unindent it, or fence it with \`\`\` when it is code${parts.context}`
  );
}

/** A full reference link `[text][label]` (not an image), or a run of them (`[A][B][C]`), as MD052 gives its context. */
const FULL_REFERENCE_RE = /^\[[^\]\n]*\](?:\[[^\]\n]+\])+$/;

/**
 * A reference whose label is defined nowhere. In a document that defines no link reference at all
 * the writer writes no reference links: `[a][b]` there is bracket notation (`[前][後]` for two
 * buttons, `[stance][N]` for a citation marker) and renders as written. Reported: an image, and
 * any reference in a document with definitions (a label missing among them, or misspelt).
 */
function undefinedReference(error: LintError, view: ReadingView, parts: MessageParts): string | undefined {
  if (!view.definesReferences() && FULL_REFERENCE_RE.test(error.errorContext ?? "")) return undefined;
  return `${parts.description}${parts.detail}${parts.context}`;
}

/** Table rows with another number of cells than the header. */
function tableCells(error: LintError, view: ReadingView, parts: MessageParts): string | undefined {
  const detail = error.errorDetail ?? "";
  const counts = /Expected: \d+; Actual: \d+/.exec(detail)?.[0] ?? detail;
  if (/Too many cells/.test(detail)) {
    return (
      `${parts.description} [${counts}]: a '|' inside a cell splits it, and the cells past the header's are not shown; ` +
      `escape it as '\\|' (also inside \`code\`)${parts.context}`
    );
  }
  if (!view.line(error.lineNumber).includes("|")) {
    return `${parts.description} [${counts}]: this line follows the table without a blank line, so it renders as a table row; put a blank line after the table${parts.context}`;
  }
  return `${parts.description} [${counts}]: the row has fewer cells than the header, so its values may sit under the wrong headers; add the missing cells${parts.context}`;
}

/**
 * The readings of the `handoff` preset, by markdownlint id. Rules of the preset without a reading
 * (MD011, MD042, MD051) report every finding with markdownlint's own message.
 */
export const HANDOFF_READINGS: Readonly<Record<string, Reading>> = {
  MD004: wrappedLineList,
  MD032: wrappedLineList,
  MD018: missingHeadingSpace,
  MD020: missingHeadingSpace,
  MD029: renumberedItem,
  MD037: spacedStrong,
  MD046: indentedCode,
  MD052: undefinedReference,
  MD056: tableCells,
};
