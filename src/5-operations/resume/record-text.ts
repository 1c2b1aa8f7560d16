/**
 * A verified-delivery record's field values as text a person reads: arrays as `- ` lists, objects
 * as `key: value` lines, nesting by two spaces — never raw JSON with its brackets and quotes.
 */

/** What an empty array or object reads as. */
const NONE = "(none)";

function isScalar(value: unknown): boolean {
  return value === null || typeof value !== "object";
}

function scalarText(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
}

/** `text`'s lines after the first, indented by `indent` spaces (the first follows a `- ` or `key: `). */
function hang(text: string, indent: number): string {
  return text.replace(/\n/g, `\n${" ".repeat(indent)}`);
}

/**
 * `value` as lines: a string as it is, a number, boolean or null as JSON writes it, an array as
 * one `- item` per element, an object as one `key: value` per key (a nested array or object on
 * the lines below its key, indented by two spaces).
 */
export function recordValueText(value: unknown): string {
  if (isScalar(value)) return scalarText(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return NONE;
    return value.map((item) => `- ${hang(recordValueText(item), 2)}`).join("\n");
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return NONE;
  return entries.map(([key, item]) => (isScalar(item) ? `${key}: ${hang(scalarText(item), 2)}` : `${key}:\n  ${hang(recordValueText(item), 2)}`)).join("\n");
}
