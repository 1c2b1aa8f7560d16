/**
 * Password cells of Markdown tables (GFM tables, https://github.github.com/gfm/#tables-extension-):
 * a column whose header names a password (`| host | user | password |`), or a row whose first
 * cell does (`| password | Maple12!ab |`). Used by the `password-table-cell` detector.
 */

/**
 * A delimiter row: `| --- | :---: |`. White space after a cell's dashes is read only before a pipe
 * or at the end of the line, so no two unbounded runs of blanks meet (linear on a line of blanks).
 */
export const DELIMITER_ROW = /^[ \t]{0,3}\|?[ \t]*:?-+:?(?:[ \t]*\|[ \t]*:?-+:?)*(?:[ \t]*\|)?[ \t]*$/;

/** A header or first cell that names a password: `password`, `DB password`, `Credentials`. */
const PASSWORD_CELL = /^(?:[\w-]+[ \t]+){0,2}(?:password|passwd|passphrase|pass|pwd|credentials?)$/i;

/** Cells of a table row with their offsets in `line` (the text between pipes, trimmed). */
function cells(line: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let start = 0;
  const push = (from: number, to: number): void => {
    let s = from;
    let e = to;
    while (s < e && /\s/.test(line[s] as string)) s++;
    while (e > s && /\s/.test(line[e - 1] as string)) e--;
    out.push([s, e]);
  };
  for (let i = 0; i < line.length; i++) {
    if (line[i] === "\\") i++;
    else if (line[i] === "|") {
      push(start, i);
      start = i + 1;
    }
  }
  push(start, line.length);
  // A leading or trailing pipe leaves an empty cell outside the table.
  if (out.length > 1 && (out[0] as [number, number])[0] === (out[0] as [number, number])[1] && /^\s*\|/.test(line)) out.shift();
  const last = out[out.length - 1];
  if (out.length > 1 && last && last[0] === last[1] && /\|\s*$/.test(line)) out.pop();
  return out;
}

/** The value inside a cell: backticks and quotes stripped, `user:password` reduced to the password. */
function cellValue(line: string, [start, end]: [number, number], credentials: boolean): [number, number] | undefined {
  let s = start;
  let e = end;
  const pairs = ["``", '""', "''"];
  while (e - s >= 2 && pairs.includes(`${line[s]}${line[e - 1]}`)) {
    s++;
    e--;
  }
  const text = line.slice(s, e);
  if (text === "" || /\s/.test(text)) return undefined;
  if (credentials) {
    const colon = text.indexOf(":");
    if (colon > 0 && colon < text.length - 1) s += colon + 1;
  }
  return [s, e];
}

/**
 * Spans `[start, end)` of `text` that sit in a password cell of a Markdown table, in text order.
 * Linear in the text length.
 */
export function* passwordCells(text: string): Generator<[number, number]> {
  if (!text.includes("|")) return;
  const lines: Array<[number, string]> = [];
  for (let at = 0; at <= text.length;) {
    let end = text.indexOf("\n", at);
    if (end === -1) end = text.length;
    lines.push([at, text.slice(at, end).replace(/\r$/, "")]);
    at = end + 1;
  }
  for (let i = 0; i + 1 < lines.length; i++) {
    const [headerAt, header] = lines[i] as [number, string];
    if (!header.includes("|") || !DELIMITER_ROW.test((lines[i + 1] as [number, string])[1])) continue;
    const headerCells = cells(header);
    const columns = headerCells.map(([s, e]) => PASSWORD_CELL.test(header.slice(s, e)));
    // A two-cell header can itself be a key-value row: `| admin password | Maple12!ab |`.
    const rows: Array<[number, string]> = headerCells.length === 2 ? [[headerAt, header]] : [];
    let k = i + 2;
    for (; k < lines.length && (lines[k] as [number, string])[1].includes("|"); k++) rows.push(lines[k] as [number, string]);
    for (const [rowAt, row] of rows) {
      const rowCells = cells(row);
      const first = rowCells[0];
      if (rowCells.length === 2 && first && PASSWORD_CELL.test(row.slice(first[0], first[1]))) {
        const value = cellValue(row, rowCells[1] as [number, number], /credential/i.test(row.slice(first[0], first[1])));
        if (value) yield [rowAt + value[0], rowAt + value[1]];
        continue;
      }
      if (rowAt === headerAt) continue;
      for (let c = 0; c < rowCells.length && c < columns.length; c++) {
        if (!columns[c]) continue;
        const [hs, he] = headerCells[c] as [number, number];
        const value = cellValue(row, rowCells[c] as [number, number], /credential/i.test(header.slice(hs, he)));
        if (value) yield [rowAt + value[0], rowAt + value[1]];
      }
    }
    i = k - 1;
  }
}
