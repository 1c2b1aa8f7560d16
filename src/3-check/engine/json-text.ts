/**
 * Parsing a JSON file a person wrote (config, baseline) so that an error says where it is: the
 * line and column (1-based, columns in UTF-16 code units as editors count them) of the first
 * problem, which `JSON.parse` gives only as a character offset, and only in some Node versions.
 */
import { parse, printParseErrorCode, visit, type ParseError } from "jsonc-parser";

/** A parsed JSON text, or where and why it is not JSON. */
export type JsonText = { ok: true; value: unknown } | { ok: false; empty: boolean; line: number; column: number; reason: string };

/** Line and column (1-based) of `offset` in `text`. */
function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lines = before.split(/\r\n|\r|\n/);
  return { line: lines.length, column: (lines[lines.length - 1] ?? "").length + 1 };
}

/** `PropertyNameExpected` → `property name expected`. */
function words(code: string): string {
  return code.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
}

/**
 * Parses `text` as strict JSON (RFC 8259: no comments, no trailing commas) with `JSON.parse`;
 * on failure, jsonc-parser's scanner locates the first error. A text of white space only is
 * `empty`. A name repeated within one object is an error too: `JSON.parse` would keep the last
 * value and silently drop the first (RFC 8259 §4: names SHOULD be unique).
 */
export function parseJsonText(text: string): JsonText {
  if (text.trim() === "") return { ok: false, empty: true, line: 1, column: 1, reason: "the file is empty" };
  try {
    const value: unknown = JSON.parse(text);
    const duplicate = firstDuplicateKey(text);
    if (duplicate)
      return { ok: false, empty: false, ...position(text, duplicate.offset), reason: `duplicate key ${JSON.stringify(duplicate.name)} in one object` };
    return { ok: true, value };
  } catch (error) {
    const errors: ParseError[] = [];
    parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    if (first) return { ok: false, empty: false, ...position(text, first.offset), reason: words(printParseErrorCode(first.error)) };
    // JSON.parse refused what the scanner took (a lone surrogate escape, say): its own words.
    const at = /position (\d+)/.exec((error as Error).message);
    return { ok: false, empty: false, ...position(text, at ? Number(at[1]) : 0), reason: (error as Error).message };
  }
}

/** The first member whose name repeats an earlier one of the same object, and where it is. */
function firstDuplicateKey(text: string): { name: string; offset: number } | undefined {
  const objects: Array<Set<string>> = [];
  let found: { name: string; offset: number } | undefined;
  visit(text, {
    onObjectBegin: () => {
      objects.push(new Set());
    },
    onObjectEnd: () => {
      objects.pop();
    },
    onObjectProperty: (name, offset) => {
      const names = objects[objects.length - 1];
      if (!names || found) return;
      if (names.has(name)) found = { name, offset };
      names.add(name);
    },
  });
  return found;
}
