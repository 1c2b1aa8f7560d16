/**
 * Bounds on what the Markdown parsers (remark's micromark, and markdownlint's own micromark pass)
 * are given, so a hostile document cannot hang or crash the run.
 *
 * Measured on micromark 4 (remark-parse 11 + remark-gfm 4; Node 20, 2 cores), see
 * test/hostile/markdown-limits.test.ts:
 * - Emphasis and link delimiters that never match make inline parsing quadratic in their number
 *   within one paragraph: `*_` repeated over 16,000 characters takes 1.5 s, `[a]` repeated 1.4 s,
 *   and `*_` over 1 MB (the default size limit) would take over an hour.
 * - Nested containers (`>`, list markers) cost quadratic time in their depth and overflow the
 *   stack in the tree walkers (unist-util-visit, mdast-util-find-and-replace) at about 4,000
 *   levels: `- ` repeated 2,000 times takes 2.3 s, 4,000 times crashes.
 *
 * So, scanning the text once (linear) by *block* — a maximal run of non-blank lines; every
 * paragraph, heading and table cell lies inside one — a block is *skipped* (every character but
 * line breaks replaced by a space before parsing, so every later position is unchanged) when:
 * - one of its lines opens more than {@link MAX_CONTAINER_DEPTH} containers (markdown-it's default
 *   `maxNesting` is also 100), or
 * - it holds more than {@link MAX_BLOCK_DELIMITERS} inline delimiter characters, or
 * - its delimiters would push the document's total work estimate (the sum over blocks of the
 *   square of their delimiter count) past {@link MAX_DOCUMENT_DELIMITER_WORK}.
 * At these limits the worst pattern found parses in about 0.3 s per block and 1.2 s per document.
 * No file of corpus/ or of the public corpus comes near them (the largest block holds a few
 * hundred delimiters). Rules that read `document.text` (secrets, injection, integrity, …) still
 * see a skipped block; the `markdown-limits` rule reports it.
 */

/** Deepest container nesting one line may open (`>` and list markers, 2 columns of indentation = 1 level). */
export const MAX_CONTAINER_DEPTH = 100;
/** Most inline delimiter characters (`* _ ~ [ ] ( ) < > ! \``) in one block. */
export const MAX_BLOCK_DELIMITERS = 5_000;
/** Most parse work per document: the sum over blocks of (delimiters in the block)². */
export const MAX_DOCUMENT_DELIMITER_WORK = 100_000_000;
/**
 * Most Markdown blocks parsed per document: paragraphs, and the lines opening a heading, a list
 * item, a block quote, a table row or a fence. Every block becomes syntax-tree nodes that the
 * parsers, markdownlint and the section and role readers walk, at about 0.3 ms each in all: 260,000
 * list items (1 MB) took 140 s and 4 GB. At this limit a document parses in about 2 s; the rest of
 * it is read as plain text.
 */
export const MAX_DOCUMENT_BLOCKS = 5_000;

/** A block of lines not given to the Markdown parsers, and why. Offsets index the document text. */
export interface SkippedMarkdown {
  reason: "depth" | "delimiters" | "document-delimiters" | "document-blocks";
  /** Offset of the block's first character. */
  offset: number;
  /** Offset just past the block's last character (before its final line ending). */
  endOffset: number;
  /** Container depth of the deepest line (for `depth`), delimiter count of the block, or (for `document-blocks`) the blocks the document opens in all. */
  measure: number;
}

/** What the Markdown parsers get: the text with skipped blocks blanked, and the skipped blocks. */
export interface MarkdownInput {
  text: string;
  skipped: SkippedMarkdown[];
}

function isDelimiter(code: number): boolean {
  // * _ ~ [ ] ( ) < > ! `
  return (
    code === 42 ||
    code === 95 ||
    code === 126 ||
    code === 91 ||
    code === 93 ||
    code === 40 ||
    code === 41 ||
    code === 60 ||
    code === 62 ||
    code === 33 ||
    code === 96
  );
}

/** Upper bound of the containers line `[start, end)` opens: markers plus indentation columns / 2. */
function lineDepth(text: string, start: number, end: number): number {
  let markers = 0;
  let columns = 0;
  let i = start;
  while (i < end) {
    const c = text.charCodeAt(i);
    if (c === 32) {
      columns++;
      i++;
    } else if (c === 9) {
      columns += 4 - (columns % 4);
      i++;
    } else if (c === 62) {
      markers++;
      i++;
    } else if ((c === 45 || c === 42 || c === 43) && (i + 1 === end || text.charCodeAt(i + 1) === 32 || text.charCodeAt(i + 1) === 9)) {
      // The space after a list marker belongs to the marker, not to the indentation.
      markers++;
      i += 2;
    } else if (c >= 48 && c <= 57) {
      let j = i;
      while (j < end && j - i < 9 && text.charCodeAt(j) >= 48 && text.charCodeAt(j) <= 57) j++;
      const after = text.charCodeAt(j);
      if ((after === 46 || after === 41) && (j + 1 === end || text.charCodeAt(j + 1) === 32 || text.charCodeAt(j + 1) === 9)) {
        markers++;
        i = j + 2;
      } else break;
    } else break;
  }
  return markers + Math.floor(columns / 2);
}

function isBlankLine(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

/**
 * Applies the limits to `text` from offset `from` on (the body: a frontmatter block before it is
 * not Markdown and is left alone), in linear time. Line breaks are LF, CRLF or a lone CR.
 * @returns the text to parse (identical to `text` when nothing is skipped) and the skipped blocks.
 */
export function limitMarkdown(text: string, from = 0): MarkdownInput {
  const skipped: SkippedMarkdown[] = [];
  let blocks = 0;
  let overflow = -1;
  let work = 0;
  let blockStart = -1;
  let blockEnd = -1;
  let delimiters = 0;
  let depth = 0;
  const closeBlock = (): void => {
    if (blockStart === -1) return;
    const square = delimiters * delimiters;
    if (depth > MAX_CONTAINER_DEPTH) skipped.push({ reason: "depth", offset: blockStart, endOffset: blockEnd, measure: depth });
    else if (delimiters > MAX_BLOCK_DELIMITERS) skipped.push({ reason: "delimiters", offset: blockStart, endOffset: blockEnd, measure: delimiters });
    else if (work + square > MAX_DOCUMENT_DELIMITER_WORK) {
      skipped.push({ reason: "document-delimiters", offset: blockStart, endOffset: blockEnd, measure: delimiters });
    } else work += square;
    blockStart = -1;
    delimiters = 0;
    depth = 0;
  };
  let lineStart = from;
  while (lineStart <= text.length) {
    let lineEnd = lineStart;
    let lineDelimiters = 0;
    while (lineEnd < text.length) {
      const c = text.charCodeAt(lineEnd);
      if (c === 10 || c === 13) break;
      if (isDelimiter(c)) lineDelimiters++;
      lineEnd++;
    }
    if (isBlankLine(text, lineStart, lineEnd)) closeBlock();
    else {
      if (blockStart === -1 || opensBlock(text, lineStart, lineEnd)) {
        blocks++;
        // Past the block budget: from this block on, nothing more is parsed (counted to the end).
        if (blocks > MAX_DOCUMENT_BLOCKS && overflow === -1) overflow = lineStart;
      }
      if (blockStart === -1) blockStart = lineStart;
      blockEnd = lineEnd;
      delimiters += lineDelimiters;
      depth = Math.max(depth, lineDepth(text, lineStart, lineEnd));
    }
    if (lineEnd >= text.length) break;
    lineStart = lineEnd + (text.charCodeAt(lineEnd) === 13 && text.charCodeAt(lineEnd + 1) === 10 ? 2 : 1);
  }
  closeBlock();
  if (overflow !== -1) {
    // The blocks before the budget ran out keep their own findings; the rest is one skipped region.
    const kept = skipped.filter((block) => block.endOffset <= overflow);
    const end = trimEnd(text, text.length);
    kept.push({ reason: "document-blocks", offset: overflow, endOffset: Math.max(overflow, end), measure: blocks });
    return { text: blankBlocks(text, kept), skipped: kept };
  }
  return { text: blankBlocks(text, skipped), skipped };
}

/** The end of `text` before its final line breaks. */
function trimEnd(text: string, end: number): number {
  while (end > 0 && (text.charCodeAt(end - 1) === 10 || text.charCodeAt(end - 1) === 13)) end--;
  return end;
}

/** Whether a line inside a block opens another: a heading, a list item, a block quote, a table row or a fence. */
function opensBlock(text: string, start: number, end: number): boolean {
  let i = start;
  while (i < end && i - start < 4 && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
  const c = text.charCodeAt(i);
  if (c === 35 || c === 62 || c === 124 || c === 96 || c === 126) return true; // # > | ` ~
  if ((c === 45 || c === 42 || c === 43) && (i + 1 >= end || text.charCodeAt(i + 1) === 32 || text.charCodeAt(i + 1) === 9)) return true; // - * +
  let j = i;
  while (j < end && j - i < 9 && text.charCodeAt(j) >= 48 && text.charCodeAt(j) <= 57) j++;
  return j > i && (text.charCodeAt(j) === 46 || text.charCodeAt(j) === 41);
}

/**
 * `text` with every character of the `skipped` blocks except line breaks replaced by `fill`: a
 * space keeps every offset (for mdast), `""` keeps every line number and the columns of the other
 * lines (for markdownlint, which would call lines of spaces trailing whitespace). A region past
 * the document's block budget (always the last, to the end) is cut off instead: every offset and
 * line before it stays. `text` itself when there are none.
 */
export function blankBlocks(text: string, skipped: readonly SkippedMarkdown[], fill: " " | "" = " "): string {
  if (skipped.length === 0) return text;
  let out = "";
  let at = 0;
  for (const block of skipped) {
    // Past the block budget the parsers get nothing at all: the text ends there for them.
    if (block.reason === "document-blocks") return out + text.slice(at, block.offset);
    out += text.slice(at, block.offset) + text.slice(block.offset, block.endOffset).replace(/[^\r\n]/g, fill);
    at = block.endOffset;
  }
  return out + text.slice(at);
}
