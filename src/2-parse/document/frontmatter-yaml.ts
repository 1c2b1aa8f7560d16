/**
 * The YAML frontmatter engine: YAML 1.2 (`core` schema) with the `yaml` package's Document API,
 * so that
 * - dates stay strings (`2026-02-30` is not turned into March 2) and nothing is ever evaluated
 *   (application tags such as `!!js/function` are read as plain text, and said so);
 * - aliases and anchors are refused (alias bombs), duplicate keys are errors;
 * - every key and value keeps its position.
 */
import { isAlias, isCollection, isMap, isScalar, isSeq, parseDocument, visit, type Node } from "yaml";
import { MAX_TREE_DEPTH, type FrontmatterNode, type FrontmatterParse, type FrontmatterProblem, type FrontmatterScalarStyle } from "./frontmatter-tree.js";
import { yamlNestingTooDeepAt } from "./nesting.js";
import { anchorsAndAliasesProblem, type AnchorOrAlias } from "./yaml-anchors.js";

const YAML_STYLES: Record<string, FrontmatterScalarStyle> = {
  PLAIN: "plain",
  QUOTE_DOUBLE: "double",
  QUOTE_SINGLE: "single",
  BLOCK_LITERAL: "block-literal",
  BLOCK_FOLDED: "block-folded",
};

/**
 * Parses `raw`, the text between the fences, found at offset `base` of the document.
 * Never throws for document content.
 */
export function parseYamlFrontmatter(raw: string, base: number): FrontmatterParse {
  const problems: FrontmatterProblem[] = [];
  // The yaml composer recurses once per level: deeper text is refused before it is composed.
  const deep = yamlNestingTooDeepAt(raw);
  if (deep !== -1) {
    problems.push({ code: "yaml-error", message: TOO_DEEP, offset: base + deep, endOffset: base + deep + 1 });
    return { data: undefined, problems, tree: undefined };
  }
  const doc = parseDocument(raw, {
    schema: "core",
    uniqueKeys: true,
    merge: false,
    prettyErrors: false,
    strict: true,
    keepSourceTokens: false,
    // The yaml library would print its warnings (e.g. a collection used as a key, stringified by
    // toJS) to stderr through process.emitWarning: a document must never write to our output.
    logLevel: "error",
  });
  for (const error of doc.errors) {
    const duplicate = error.code === "DUPLICATE_KEY";
    let at = error.pos[0];
    // After a key with no value, yaml points a duplicate at the line break before the key (the
    // `\r` of a CRLF): step onto the key, so CRLF and LF copies give the same finding.
    if (duplicate) while (raw[at] === "\r" || raw[at] === "\n") at++;
    let end = Math.max(at, at + error.pos[1] - error.pos[0]);
    // A range that ends between the CR and LF of a CRLF ends before the CR, as it does before the LF alone.
    if (end > at && raw[end - 1] === "\r" && raw[end] === "\n") end--;
    // …and never between the halves of a surrogate pair (yaml ends some ranges one unit short).
    if (end > at && /[\uD800-\uDBFF]/.test(raw[end - 1] ?? "") && /[\uDC00-\uDFFF]/.test(raw[end] ?? "")) end++;
    const problem: FrontmatterProblem = {
      code: duplicate ? "duplicate-key" : "yaml-error",
      message: duplicate ? `Duplicate frontmatter key${keyName(raw, at)}` : cleanYamlMessage(error.message),
      offset: base + at,
      endOffset: base + end,
    };
    // yaml may report one stack overflow more than once, at places that depend on the caller's
    // stack depth: one "nests too deeply" finding is enough, and the same message at the same
    // place is one finding.
    const tooDeep = problem.message === TOO_DEEP;
    if (problems.some((p) => p.message === problem.message && (tooDeep || p.offset === problem.offset))) continue;
    problems.push(problem);
  }
  // An application tag (`!!js/function`, `!ruby/object`, `!custom`) asks a loader to build or run
  // something: yaml's core schema never does; the value is read as plain text, and said so.
  for (const warning of doc.warnings) {
    if (warning.code !== "TAG_RESOLVE_FAILED") continue;
    const tag = raw.slice(warning.pos[0], warning.pos[1]).split(/\s/)[0] ?? "";
    problems.push({
      code: "unknown-tag",
      message: `YAML tag '${tag}' is not supported: the value is read as plain text and never run`,
      offset: base + warning.pos[0],
      endOffset: base + warning.pos[0] + tag.length,
    });
  }
  const refused = refuseAliasesAndCollectionKeys(doc, raw, base, problems);
  const tree = doc.contents === null ? undefined : toTree(doc.contents, base);
  const result: FrontmatterParse = { data: undefined, problems, tree };
  if (doc.errors.length > 0 || refused) return result;
  if (doc.contents === null) {
    result.data = {};
    return result;
  }
  if (!isMap(doc.contents)) {
    const [s, e] = doc.contents.range ?? [0, raw.length];
    problems.push({ code: "not-a-map", message: "Frontmatter must be a YAML mapping of keys to values", offset: base + s, endOffset: base + e });
    return result;
  }
  result.data = doc.toJS({ maxAliasCount: 0 }) as Record<string, unknown>;
  return result;
}

/** Reports aliases and anchors (one problem for all of them) and collection keys; true when any was found. */
function refuseAliasesAndCollectionKeys(doc: ReturnType<typeof parseDocument>, raw: string, base: number, problems: FrontmatterProblem[]): boolean {
  let refused = false;
  const references: AnchorOrAlias[] = [];
  visit(doc, {
    Pair(_key, pair) {
      // `{ a }: b` or `[a]: b`: a JavaScript object cannot hold such a key (yaml would stringify
      // it with a warning). Templates hit this with `{{ PLACEHOLDER }}` keys.
      if (pair.key !== null && isCollection(pair.key)) {
        refused = true;
        const [s, e] = (pair.key as Node).range ?? [0, 0];
        problems.push({
          code: "yaml-error",
          message: `Frontmatter key '${raw.slice(s, Math.min(e, s + 40)).trim()}' is a YAML collection; keys must be plain text (an unfilled template placeholder?)`,
          offset: base + s,
          endOffset: base + e,
        });
      }
    },
    Alias(_key, node) {
      refused = true;
      const [s, e] = node.range ?? [0, 0];
      references.push({ kind: "alias", name: node.source, offset: base + s, endOffset: base + e });
    },
    Node(_key, node) {
      if (node.anchor) {
        refused = true;
        const [s] = node.range ?? [0, 0];
        // A node's range starts at its value, after its properties: point at the `&name` itself,
        // the last one written before the value (a tag or a line break may sit in between).
        const marker = `&${node.anchor}`;
        const at = raw.lastIndexOf(marker, s);
        const offset = at === -1 ? s : at;
        references.push({ kind: "anchor", name: node.anchor, offset: base + offset, endOffset: base + (at === -1 ? s : at + marker.length) });
      }
    },
  });
  if (references.length > 0) problems.push(anchorsAndAliasesProblem(references));
  return refused;
}

/**
 * The positioned tree of a YAML node; undefined for aliases, nodes without a range and nodes
 * nested deeper than {@link MAX_TREE_DEPTH}.
 */
function toTree(node: unknown, base: number, depth = 0): FrontmatterNode | undefined {
  if (depth > MAX_TREE_DEPTH || isAlias(node) || !(isScalar(node) || isCollection(node))) return undefined;
  const range = node.range;
  if (!range) return undefined;
  const span = { offset: base + range[0], endOffset: base + range[1] };
  if (isScalar(node)) {
    const value = node.value;
    const plain = value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean";
    return { kind: "scalar", ...span, value: plain ? value : String(value), style: YAML_STYLES[node.type ?? "PLAIN"] ?? "plain" };
  }
  if (isSeq(node)) {
    return { kind: "list", ...span, items: node.items.flatMap((item) => toTree(item, base, depth + 1) ?? []) };
  }
  const entries = [];
  if (isMap(node)) {
    for (const pair of node.items) {
      if (!isScalar(pair.key) || !pair.key.range) continue;
      const [s, e] = pair.key.range;
      entries.push({ key: String(pair.key.value), offset: base + s, endOffset: base + e, value: toTree(pair.value, base, depth + 1) });
    }
  }
  return { kind: "map", ...span, flow: Boolean(node.flow), entries };
}

function keyName(raw: string, at: number): string {
  const match = /^[^\s:#]+/.exec(raw.slice(at, at + 200));
  return match ? ` '${match[0]}'` : "";
}

/** For text nested past `MAX_NESTING_DEPTH` (`./nesting.ts`), and for a stack overflow yaml itself catches. */
const TOO_DEEP = "YAML syntax error: the frontmatter nests too deeply to be read";

/** The yaml package appends " at line L, column C" and a code frame; we give positions ourselves. */
function cleanYamlMessage(message: string): string {
  const first = message.split("\n")[0] ?? message;
  // yaml quotes the offending token JSON-style; a CRLF inside it reads `\r\n`: show it as `\n`
  // so CRLF and LF copies of a file give the same message.
  const token = first.replace(/\\r\\n|\\r/g, "\\n");
  // yaml catches its own stack overflow on deeply nested collections and reports it as an error.
  if (token.startsWith("Maximum call stack size exceeded")) return TOO_DEEP;
  return `YAML syntax error: ${token.replace(/ at line \d+, column \d+:?$/, "").replace(/:$/, "")}`;
}
