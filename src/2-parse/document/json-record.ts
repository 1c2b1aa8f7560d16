/**
 * JSON handoff records (`verified-delivery/handoff-v1`, public repo magnus919/agent-skills), parsed with
 * `jsonc-parser` so every value keeps its offset. A record is either a whole `.json` file or a
 * fenced ```json block inside a Markdown handoff.
 */
import type { Code, Root } from "mdast";
import { findNodeAtLocation, getNodeValue, parseTree, printParseErrorCode, type Node as JsonNode, type ParseError } from "jsonc-parser";

/**
 * A node of a JSON record's syntax tree: jsonc-parser's `Node` (https://github.com/microsoft/node-jsonc-parser),
 * declared here so the package's public types need no other package.
 */
export interface JsonTreeNode {
  readonly type: "object" | "array" | "property" | "string" | "number" | "boolean" | "null";
  readonly value?: unknown;
  /** Offset of the node's first character (UTF-16 code units), and its length. */
  readonly offset: number;
  readonly length: number;
  /** A property: the offset of its colon. */
  readonly colonOffset?: number;
  readonly parent?: JsonTreeNode;
  readonly children?: JsonTreeNode[];
}
import { jsonNestingTooDeepAt, MAX_NESTING_DEPTH } from "./nesting.js";

/** The schema value that marks a verified-delivery record. */
export const VERIFIED_DELIVERY_SCHEMA = "verified-delivery/handoff-v1";

/** A JSON record with positions. Offsets index the document text. */
export interface JsonRecord {
  /** Where the record came from. */
  origin: "file" | "fence";
  /** Offset of the first character of the JSON text in the document. */
  offset: number;
  /** The JSON text. */
  raw: string;
  /** Parsed value, when the JSON is valid. */
  data: unknown;
  /** Syntax errors, with offsets into the document text. */
  errors: Array<{ message: string; offset: number; endOffset: number }>;
  /** jsonc-parser tree, for locating values. */
  tree: JsonTreeNode | undefined;
}

/**
 * Parses `raw` (found at `offset` in the document) as strict JSON: comments and trailing commas
 * are reported as errors, as `JSON.parse` would. A record nested deeper than
 * {@link MAX_NESTING_DEPTH} is not parsed: its one error says so.
 */
export function parseJsonRecord(raw: string, offset: number, origin: JsonRecord["origin"]): JsonRecord {
  const deep = jsonNestingTooDeepAt(raw);
  if (deep !== -1) {
    const message = `JSON record nests too deeply: more than ${MAX_NESTING_DEPTH} levels of arrays and objects; it was not parsed`;
    return { origin, offset, raw, data: undefined, errors: [{ message, offset: offset + deep, endOffset: offset + deep + 1 }], tree: undefined };
  }
  const errors: ParseError[] = [];
  const tree = parseTree(raw, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const record: JsonRecord = {
    origin,
    offset,
    raw,
    data: undefined,
    errors: errors.map((e) => ({
      message: `JSON syntax error: ${describeJsonError(printParseErrorCode(e.error))}`,
      offset: offset + e.offset,
      endOffset: offset + e.offset + e.length,
    })),
    tree,
  };
  if (tree && errors.length === 0) {
    // Two members of one object with the same name: parsers disagree on which one counts (JSON.parse
    // keeps the last, others the first), so such a record means different things to different readers.
    record.errors.push(...duplicateKeys(tree, offset));
    if (record.errors.length === 0) record.data = getNodeValue(tree);
  }
  return record;
}

/** Every member whose name repeats an earlier member of the same object, as a record error at the repeat. */
function duplicateKeys(tree: JsonNode, offset: number): JsonRecord["errors"] {
  const found: JsonRecord["errors"] = [];
  const stack: JsonNode[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop() as JsonNode;
    if (node.type === "object") {
      const seen = new Set<string>();
      for (const property of node.children ?? []) {
        const key = property.children?.[0];
        if (key && typeof key.value === "string") {
          if (seen.has(key.value)) {
            found.push({
              message: `duplicate key ${JSON.stringify(key.value)} in one object: readers disagree on which value counts; keep one`,
              offset: offset + key.offset,
              endOffset: offset + key.offset + key.length,
            });
          }
          seen.add(key.value);
        }
        const value = property.children?.[1];
        if (value) stack.push(value);
      }
    } else if (node.type === "array") stack.push(...(node.children ?? []));
  }
  return found.sort((a, b) => a.offset - b.offset);
}

/** A jsonc-parser error code (`PropertyNameExpected`) in words (`property name expected`). */
export function describeJsonError(code: string): string {
  return code.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
}

/** Offsets of the value at `path` in the record (falling back to the nearest parent). */
export function recordNodeOffsets(record: JsonRecord, path: readonly (string | number)[]): { offset: number; endOffset: number } {
  if (!record.tree) return { offset: record.offset, endOffset: record.offset + 1 };
  for (let n = path.length; n >= 0; n--) {
    const node = findNodeAtLocation(record.tree, path.slice(0, n) as (string | number)[]);
    if (node) {
      // For a property value, point at its key: that is where a reader looks.
      const target = n === path.length && node.parent?.type === "property" ? node.parent : node;
      return { offset: record.offset + target.offset, endOffset: record.offset + target.offset + target.length };
    }
  }
  return { offset: record.offset, endOffset: record.offset + 1 };
}

/**
 * The first fenced ```json block of `root` that carries a `"schema"` key naming a handoff schema.
 * @returns the block's JSON text, its offset in the document, its node and how many top-level
 * fenced json blocks carry the schema id; undefined when none does.
 */
export function findFencedRecord(root: Root, text: string): { raw: string; offset: number; node: Code; schemaBlocks: number } | undefined {
  let found: { raw: string; offset: number; node: Code } | undefined;
  let schemaBlocks = 0;
  for (const node of root.children) {
    if (node.type !== "code" || !/^jsonc?$/i.test(node.lang ?? "")) continue;
    if (!node.value.includes(VERIFIED_DELIVERY_SCHEMA)) continue;
    schemaBlocks++;
    if (found) continue;
    const offset = fenceContentOffset(node, text);
    if (offset === undefined) continue;
    found = { raw: node.value, offset, node };
  }
  return found && { ...found, schemaBlocks };
}

/** Offset of a fenced code block's first content line (the line after the opening fence). */
function fenceContentOffset(node: Code, text: string): number | undefined {
  const start = node.position?.start.offset;
  if (start === undefined) return undefined;
  // The opening fence line ends with LF, CRLF or a lone CR.
  let lineEnd = start;
  while (lineEnd < text.length && text[lineEnd] !== "\n" && text[lineEnd] !== "\r") lineEnd++;
  if (lineEnd >= text.length) return undefined;
  const offset = lineEnd + (text[lineEnd] === "\r" && text[lineEnd + 1] === "\n" ? 2 : 1);
  // Only when the block's value is exactly the text there (no indentation stripped).
  return text.startsWith(node.value, offset) ? offset : undefined;
}
