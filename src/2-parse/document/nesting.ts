/**
 * Nesting bounds for the structured parts of a document (JSON records, YAML frontmatter),
 * measured in one pass with no recursion before any recursive parser sees the text: jsonc-parser,
 * the yaml package's composer, schema validation and the rules' walks all recurse once per level,
 * and a few thousand levels overflow the stack (at a depth that differs between the main thread
 * and a worker). A deeper block is not parsed: one "nests too deeply" finding says so.
 */
import { CST, Lexer } from "yaml";

/**
 * Deepest nesting of collections (JSON arrays and objects, YAML mappings and sequences) a record
 * or frontmatter may have. No real handoff comes near 20.
 */
export const MAX_NESTING_DEPTH = 256;

/**
 * Offset of the `[` or `{` at which JSON text `raw` first nests deeper than `limit` (brackets
 * inside strings do not count), or -1.
 */
export function jsonNestingTooDeepAt(raw: string, limit: number = MAX_NESTING_DEPTH): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // a backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > limit) return i;
    } else if ((c === 93 || c === 125) && depth > 0) depth--;
  }
  return -1;
}

/** Characters one of which every YAML collection level needs (a flow bracket or a block indicator). */
const YAML_INDICATORS = /[[{\-?:]/g;

/** The lexer's zero-width markers (document mode, flow error end, scalar start): not source text. */
const ZERO_WIDTH = new Set(["\x02", "\x18", "\x1f"]);

/**
 * Offset of the indicator at which YAML text `raw` first nests deeper than `limit`, or -1.
 *
 * Reads the yaml package's lexer tokens (so quotes, comments and block scalars are its own
 * reading): a flow `[`/`{` opens a level until its bracket closes; in block context a `-` or `?`
 * opens a sequence or mapping at its column, and a `:` a mapping at its key's column, unless a
 * collection of that kind is open at that column already; an item at a column closes the deeper
 * ones. Text with fewer indicator characters than `limit` cannot be deeper and is not lexed.
 */
export function yamlNestingTooDeepAt(raw: string, limit: number = MAX_NESTING_DEPTH): number {
  if ((raw.match(YAML_INDICATORS)?.length ?? 0) <= limit) return -1;
  const block: Array<{ column: number; kind: "map" | "seq" }> = [];
  let flow = 0;
  let offset = 0;
  let lineStart = 0;
  /** Column of the node the next `:` is the key of; undefined until a node starts. */
  let keyColumn: number | undefined;
  const open = (column: number, kind: "map" | "seq"): boolean => {
    let top = block.at(-1);
    // A sequence may sit at its parent key's column; a mapping item there ends that sequence.
    while (top && (top.column > column || (top.column === column && top.kind !== kind && kind === "map"))) {
      block.pop();
      top = block.at(-1);
    }
    if (top?.column === column && top.kind === kind) return false;
    block.push({ column, kind });
    return true;
  };
  for (const token of new Lexer().lex(raw)) {
    if (ZERO_WIDTH.has(token)) continue;
    const at = offset;
    const column = at - lineStart;
    offset += token.length;
    const type = CST.tokenType(token);
    if (type === "flow-seq-start" || type === "flow-map-start") {
      if (flow === 0 && keyColumn === undefined) keyColumn = column;
      if (++flow + block.length > limit) return at;
    } else if (type === "flow-seq-end" || type === "flow-map-end") {
      if (flow > 0) flow--;
    } else if (flow > 0) {
      // Inside a flow collection only its brackets nest.
    } else if (type === "seq-item-ind" || type === "explicit-key-ind" || type === "map-value-ind") {
      const opened = type === "map-value-ind" ? open(keyColumn ?? column, "map") : open(column, type === "seq-item-ind" ? "seq" : "map");
      if (opened && block.length > limit) return at;
      keyColumn = undefined;
    } else if (type === "doc-start" || type === "doc-end") {
      block.length = 0;
      keyColumn = undefined;
    } else if (type !== "space" && type !== "comment" && type !== "newline" && keyColumn === undefined) {
      keyColumn = column;
    }
    // A line break (alone, or inside a block scalar or a multi-line scalar) ends any implicit key.
    const newline = token.lastIndexOf("\n");
    if (newline !== -1) {
      lineStart = at + newline + 1;
      keyColumn = undefined;
    }
  }
  return -1;
}
