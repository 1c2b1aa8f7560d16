/**
 * Reference pages: a Markdown document that *describes* the verified-delivery format (a README, a
 * skill, a spec) shows a record with placeholder values — `"head_sha": "<full-head-sha>"`,
 * `"status": "open|closed"`, `{…}` — next to the words "example", "schema" or a table of fields.
 * Such a block is an example, not the document's record: checking it as one gives errors on every
 * placeholder. Decided from signals, so a real record in a Markdown handoff stays a record:
 * - placeholder values in the record's fields (or, when the block is not valid JSON, unquoted
 *   placeholders, `...` elisions and `//` comments in it);
 * - page signals: an info string or a heading above the block naming an example, format, schema or
 *   template, a sentence introducing it as one, a table of fields, several record blocks.
 * Two placeholders, or one placeholder and one page signal, make the block an example.
 */
import type { Code, Root, RootContent, Table } from "mdast";
import { toString } from "mdast-util-to-string";
import type { JsonRecord } from "./json-record.js";

/** The fields of a verified-delivery/handoff-v1 record (public repo magnus919/agent-skills). */
const RECORD_FIELDS = [
  "schema",
  "status",
  "store",
  "directive",
  "authorization_boundary",
  "repository",
  "pull_request",
  "branch",
  "head_sha",
  "completed_steps",
  "pending_steps",
  "watchers",
  "stop_reason",
  "stop_detail",
  "updated_at",
];

/**
 * Values that stand for a value: `<sha>`, `{branch}`, `${BRANCH}`, `[repo]`, `open|closed`, `...`,
 * `abc123...`, `TBD`, `your-repo`, and dates written as their pattern (`YYYY-MM-DDTHH:MM:SSZ`).
 */
const PLACEHOLDER_VALUE_RE =
  /^(?:<[^<>]+>|\{\{?[^{}]+\}\}?|\$\{[^{}]+\}|\[[^[\]]+\]|[\w-]+(?:\s*\|\s*[\w-]+)+|\.\.\.|…|TBD|TODO|FIXME|X{3,}|example|placeholder|string|\?+|[0-9a-f]{3,}(?:\.\.\.|…)|your[-_ ].*)$|YYYY-MM|HH:MM/i;
/** Unquoted placeholders, elisions and comments that make an example block invalid JSON. */
const PLACEHOLDER_TOKEN_RE = /:\s*(?:<[^<>\n]+>|\.\.\.|…)|^\s*(?:\.\.\.|…),?\s*$|^\s*\/\/|,\s*\/\/ /gm;
/** Words naming an example or a description of the format, in a heading, info string or sentence. */
const EXAMPLE_WORD_RE =
  /\b(?:examples?|e\.g\.|for instance|sample|schema|format|template|reference|spec(?:ification)?|shape|structure|looks like|fields?)\b|beispiel|exemple|ejemplo|esempio|exemplo|пример|示例|样例|例|예시/i;
const FIELD_HEADER_RE = /^(?:field|key|property|name|feld|champ|campo|поле|字段|필드)$/i;
const FIELD_DESCRIPTION_RE = /^(?:type|description|meaning|required|value|values|notes?|typ|beschreibung|tipo|descripción|описание|类型|说明|설명)$/i;

/** The field paths of `data` whose values are placeholders (`head_sha`, `completed_steps[0].evidence`). */
function placeholderFields(data: unknown): string[] {
  if (!data || typeof data !== "object" || Array.isArray(data)) return [];
  const found: string[] = [];
  const walk = (value: unknown, path: string, depth: number): void => {
    if (typeof value === "string") {
      if (PLACEHOLDER_VALUE_RE.test(value.trim())) found.push(path);
    } else if (Array.isArray(value) && depth < 3) {
      value.forEach((item, index) => walk(item, `${path}[${index}]`, depth + 1));
    } else if (value && typeof value === "object" && depth < 3) {
      for (const [key, inner] of Object.entries(value)) walk(inner, `${path}.${key}`, depth + 1);
    }
  };
  for (const field of RECORD_FIELDS) walk((data as Record<string, unknown>)[field], field, 0);
  return found;
}

/** The heading nearest above `index` among the top-level nodes, as text. */
function headingAbove(children: readonly RootContent[], index: number): string | undefined {
  for (let i = index - 1; i >= 0; i--) {
    const node = children[i] as RootContent;
    if (node.type === "heading") return toString(node);
  }
  return undefined;
}

function isFieldTable(table: Table): boolean {
  const header = (table.children[0]?.children ?? []).map((cell) => toString(cell).trim());
  return header.some((cell) => FIELD_HEADER_RE.test(cell)) && header.some((cell) => FIELD_DESCRIPTION_RE.test(cell));
}

/**
 * Why the fenced record `block` of `root` is an example on a page describing the format, or
 * undefined when it is the document's record.
 * @param schemaBlocks how many fenced blocks of the document carry the schema id.
 */
export function formatReferenceReason(root: Root, block: Code, record: JsonRecord, schemaBlocks: number): string | undefined {
  const placeholders = record.data !== undefined ? placeholderFields(record.data) : [...record.raw.matchAll(PLACEHOLDER_TOKEN_RE)].map(() => "");
  if (placeholders.length === 0) return undefined;
  const index = root.children.indexOf(block);
  const signals: string[] = [];
  if (block.meta && EXAMPLE_WORD_RE.test(block.meta)) signals.push(`its info string '${block.meta.trim()}'`);
  const heading = index > 0 ? headingAbove(root.children, index) : undefined;
  if (heading !== undefined && EXAMPLE_WORD_RE.test(heading)) signals.push("the heading above it");
  const before = index > 0 ? root.children[index - 1] : undefined;
  if (before?.type === "paragraph" && EXAMPLE_WORD_RE.test(toString(before))) signals.push("the sentence introducing it");
  if (root.children.some((node) => node.type === "table" && isFieldTable(node))) signals.push("a table of fields");
  if (schemaBlocks > 1) signals.push(`${schemaBlocks} record blocks`);
  if (placeholders.length < 2 && signals.length === 0) return undefined;
  const named = placeholders.filter(Boolean);
  const values =
    named.length > 0
      ? `placeholder values in ${named.slice(0, 4).join(", ")}${named.length > 4 ? `, … (${named.length})` : ""}`
      : `${placeholders.length} placeholder${placeholders.length === 1 ? "" : "s"} or elisions in invalid JSON`;
  return `describes the verified-delivery format: the record block on line ${block.position?.start.line ?? 1} is an example (${[values, ...signals].join("; ")}), so it is not checked as a record`;
}
