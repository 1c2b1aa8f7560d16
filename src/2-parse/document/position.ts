/**
 * Offset ↔ line/column conversion for one text.
 *
 * Conventions used everywhere in handoffkit (the same as unified's `vfile` and markdownlint):
 * - `offset` is a 0-based index into the JavaScript string (UTF-16 code units) of the document
 *   text *after* a leading BOM was removed;
 * - `line` and `column` are 1-based; `column` counts UTF-16 code units from the start of the line;
 * - a line ends at LF, CRLF or a lone CR, so LF and CRLF copies of a file give identical
 *   line/column pairs.
 */

/** A point in a document: 1-based line and column, 0-based offset. */
export interface Point {
  line: number;
  column: number;
  offset: number;
}

/** A half-open range `[start, end)` between two points. */
export interface Range {
  start: Point;
  end: Point;
}

/** Maps offsets of one text to points, in O(log lines) per look-up. */
export class LineIndex {
  /** Offset at which each line starts; `lineStarts[0] === 0`. */
  readonly lineStarts: number[];
  readonly length: number;

  constructor(text: string) {
    const starts = [0];
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === 10) {
        starts.push(i + 1);
      } else if (code === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      }
    }
    this.lineStarts = starts;
    this.length = text.length;
  }

  /** Number of lines (a trailing newline opens one more, empty, line). */
  get lineCount(): number {
    return this.lineStarts.length;
  }

  /** The point of `offset`, clamped to `[0, length]`. */
  point(offset: number): Point {
    const o = Math.max(0, Math.min(offset, this.length));
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.lineStarts[mid] ?? 0) <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: o - (this.lineStarts[lo] ?? 0) + 1, offset: o };
  }

  /** The range from `start` to `end` offsets. */
  range(start: number, end: number): Range {
    return { start: this.point(start), end: this.point(Math.max(start, end)) };
  }

  /** Offset of the first character of 1-based `line` (clamped). */
  lineStart(line: number): number {
    const i = Math.max(1, Math.min(line, this.lineStarts.length)) - 1;
    return this.lineStarts[i] ?? 0;
  }
}
