/**
 * The JSON frontmatter engine (`---json`): strict JSON (RFC 8259: no comments, no trailing commas)
 * with `jsonc-parser`, so every key and value keeps its position. Duplicate keys are errors, as
 * in YAML frontmatter. A block of only whitespace is an empty mapping, as in YAML and TOML.
 */
import { parseTree, printParseErrorCode, type Node, type ParseError } from "jsonc-parser";
import { describeJsonError } from "./json-record.js";
import { MAX_TREE_DEPTH, treeValue, type FrontmatterNode, type FrontmatterParse, type FrontmatterProblem } from "./frontmatter-tree.js";
import { jsonNestingTooDeepAt } from "./nesting.js";

const TOO_DEEP = "JSON syntax error: the frontmatter nests too deeply to be read";

/**
 * Parses `raw`, the text between the fences, found at offset `base` of the document.
 * Never throws for document content.
 */
export function parseJsonFrontmatter(raw: string, base: number): FrontmatterParse {
  if (raw.trim() === "") return { data: {}, problems: [], tree: undefined };
  // jsonc-parser descends recursively: deeper text is refused before it is parsed.
  const deep = jsonNestingTooDeepAt(raw);
  if (deep !== -1)
    return { data: undefined, problems: [{ code: "json-error", message: TOO_DEEP, offset: base + deep, endOffset: base + deep + 1 }], tree: undefined };
  const errors: ParseError[] = [];
  let root: Node | undefined;
  try {
    root = parseTree(raw, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  } catch (error) {
    // A stack overflow below the nesting bound (a thread with a small stack).
    if (!(error instanceof RangeError)) throw error;
    const problem = { code: "json-error" as const, message: TOO_DEEP, offset: base, endOffset: base + 1 };
    return { data: undefined, problems: [problem], tree: undefined };
  }
  const problems: FrontmatterProblem[] = [];
  for (const e of errors) {
    // jsonc-parser recovers and may report a second error at the same place: the first says it.
    if (problems.some((p) => p.offset === base + e.offset)) continue;
    problems.push({
      code: "json-error",
      message: `JSON syntax error: ${describeJsonError(printParseErrorCode(e.error))}`,
      offset: base + e.offset,
      endOffset: base + e.offset + e.length,
    });
  }
  const tree = root ? toTree(root, base, problems, 0) : undefined;
  const result: FrontmatterParse = { data: undefined, problems, tree };
  if (problems.length > 0 || !tree) return result;
  if (tree.kind !== "map") {
    problems.push({ code: "not-a-map", message: "Frontmatter must be a JSON object of keys to values", offset: tree.offset, endOffset: tree.endOffset });
    return result;
  }
  result.data = treeValue(tree) as Record<string, unknown>;
  return result;
}

/** The positioned tree of a jsonc-parser node; duplicate keys are reported into `problems`. */
function toTree(node: Node, base: number, problems: FrontmatterProblem[], depth: number): FrontmatterNode | undefined {
  if (depth > MAX_TREE_DEPTH) return undefined;
  const span = { offset: base + node.offset, endOffset: base + node.offset + node.length };
  switch (node.type) {
    case "object": {
      const entries = [];
      const seen = new Set<string>();
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? [];
        if (!key || typeof key.value !== "string") continue;
        if (seen.has(key.value)) {
          problems.push({
            code: "duplicate-key",
            message: `Duplicate frontmatter key '${key.value}'`,
            offset: base + key.offset,
            endOffset: base + key.offset + key.length,
          });
        }
        seen.add(key.value);
        entries.push({
          key: key.value,
          offset: base + key.offset,
          endOffset: base + key.offset + key.length,
          value: value ? toTree(value, base, problems, depth + 1) : undefined,
        });
      }
      return { kind: "map", ...span, flow: true, entries };
    }
    case "array":
      return { kind: "list", ...span, items: (node.children ?? []).flatMap((child) => toTree(child, base, problems, depth + 1) ?? []) };
    case "string":
      return { kind: "scalar", ...span, value: node.value as string, style: "double" };
    case "number":
    case "boolean":
    case "null":
      return { kind: "scalar", ...span, value: node.value as number | boolean | null, style: "plain" };
    default:
      return undefined;
  }
}
