/**
 * Unclosed code fences. A fenced code block that is never closed runs to the end of its container
 * (the document, a list item or a block quote), so everything after its opening fence renders as
 * code. A closing fence is a line of at least as many of the same fence characters, with no info
 * string (CommonMark 0.31, section 4.5): "```text" never closes a block.
 */
import type { Code, Root } from "mdast";

/** The opening fence of a fenced code block's source: its characters. */
const OPENING_RE = /^[ \t]*(`{3,}|~{3,})/;

/** A fenced code block that is never closed, read from its source. */
export interface UnclosedFence {
  /** The fence characters that open it ("```", "~~~~"). */
  fence: string;
  /** Source lines of the block, the opening fence first, trailing blank lines dropped (at least 2). */
  sourceLines: readonly string[];
}

/**
 * `line` without the markers of `depth` block quotes it sits in (`>` after up to three spaces, and
 * one space after it, per level); a lazy continuation line, which has fewer, loses what it has.
 */
function withoutQuoteMarkers(line: string, depth: number): string {
  let rest = line;
  for (let level = 0; level < depth; level++) {
    const marker = /^ {0,3}>[ \t]?/.exec(rest);
    if (!marker) break;
    rest = rest.slice(marker[0].length);
  }
  return rest;
}

/**
 * Reads `node` (a `code` node) against `text`, the text its positions index: the unclosed fence,
 * or undefined when it is indented code, closed, or a fence on the last line (it swallows nothing).
 * `quoteDepth` is the number of block quotes the node sits in: their markers begin each of its
 * lines but the first, and are not part of the code or of its closing fence.
 */
export function unclosedFence(node: Code, text: string, quoteDepth = 0): UnclosedFence | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return undefined;
  const source = text.slice(start, end);
  const fence = OPENING_RE.exec(source)?.[1];
  if (!fence) return undefined;
  const sourceLines = source.split(/\r\n|\r|\n/).map((line, index) => (index === 0 ? line : withoutQuoteMarkers(line, quoteDepth)));
  while (sourceLines.length > 1 && sourceLines.at(-1) === "") sourceLines.pop();
  if (sourceLines.length === 1) return undefined;
  const last = (sourceLines.at(-1) ?? "").trim();
  if (last.length >= fence.length && [...last].every((c) => c === fence[0])) return undefined;
  return { fence, sourceLines };
}

/**
 * True when a top-level fenced code block of `root` is never closed: the rest of the document
 * renders as code, so what its structure lacks (a heading, a section) cannot be judged.
 */
export function restRendersAsCode(root: Root | undefined, text: string): boolean {
  return root?.children.some((node) => node.type === "code" && unclosedFence(node, text) !== undefined) ?? false;
}
