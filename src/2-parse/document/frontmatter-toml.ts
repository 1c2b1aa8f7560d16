/**
 * The TOML frontmatter engine (`+++` and `---toml`): TOML 1.1 with `toml-eslint-parser`, which
 * keeps the position of every key and value. Date-times stay the text they are written as
 * (`updated = 2026-03-11T10:00:00Z` reads as the string `2026-03-11T10:00:00Z`, as YAML
 * frontmatter gives it); TOML itself refuses an impossible date such as `2026-02-30` as a syntax
 * error (write it as a string to have the `expiry` rule judge it). Tables, dotted keys and arrays
 * of tables become nested mappings and lists, as TOML defines them (https://toml.io/en/v1.1.0).
 */
import { parseTOML, type AST } from "toml-eslint-parser";
import { MAX_TREE_DEPTH, treeValue, type FrontmatterEntry, type FrontmatterMap, type FrontmatterNode, type FrontmatterParse } from "./frontmatter-tree.js";

/** toml-eslint-parser's message for a key defined twice. */
const DUPLICATE_KEY_MESSAGE = "Defining a key multiple times is invalid";

/**
 * Parses `raw`, the text between the fences, found at offset `base` of the document.
 * Never throws for document content: the first syntax error becomes the one problem.
 */
export function parseTomlFrontmatter(raw: string, base: number): FrontmatterParse {
  let program: AST.TOMLProgram;
  try {
    program = parseTOML(raw, { tomlVersion: "1.1" });
  } catch (error) {
    if (error instanceof RangeError) {
      const problem = {
        code: "toml-error" as const,
        message: "TOML syntax error: the frontmatter nests too deeply to be read",
        offset: base,
        endOffset: base + 1,
      };
      return { data: undefined, problems: [problem], tree: undefined };
    }
    const { message, index } = error as { message: string; index?: number };
    const at = Math.max(0, Math.min(typeof index === "number" ? index : 0, raw.length));
    const duplicate = message === DUPLICATE_KEY_MESSAGE;
    const key = duplicate ? /^"[^"\r\n]*"|^'[^'\r\n]*'|^[\w-]+/.exec(raw.slice(at, at + 200))?.[0] : undefined;
    const problem = {
      code: duplicate ? ("duplicate-key" as const) : ("toml-error" as const),
      message: duplicate ? `Duplicate frontmatter key${key ? ` '${key}'` : ""}` : `TOML syntax error: ${message}`,
      offset: base + at,
      endOffset: base + Math.min(raw.length, at + (key?.length ?? 1)),
    };
    return { data: undefined, problems: [problem], tree: undefined };
  }
  const top = program.body[0];
  const root: FrontmatterMap = { kind: "map", offset: base + top.range[0], endOffset: base + top.range[1], flow: false, entries: [] };
  const builder = new TomlTreeBuilder(raw, base);
  for (const item of top.body) {
    if (item.type === "TOMLKeyValue") builder.addKeyValue(root, item, 0);
    else builder.addTable(root, item);
  }
  return { data: treeValue(root) as Record<string, unknown>, problems: [], tree: root };
}

/** Builds the positioned tree from toml-eslint-parser's AST (already checked: no key is defined twice). */
class TomlTreeBuilder {
  /** The entries of each mapping by key, so that a block of n tables is built in O(n), not O(n²). */
  private readonly keys = new WeakMap<FrontmatterMap, Map<string, FrontmatterEntry>>();

  constructor(
    private readonly raw: string,
    private readonly base: number,
  ) {}

  /** `[a.b]` or `[[a.b]]` with its key/value lines. */
  addTable(root: FrontmatterMap, table: AST.TOMLTable): void {
    const parts = table.key.keys;
    let map = root;
    for (const [i, part] of parts.entries()) {
      const last = i === parts.length - 1;
      if (last && table.kind === "array") {
        const entry = this.entry(map, part, table, () => ({ kind: "list", ...this.span(table), items: [] }));
        const list = entry.value as FrontmatterNode;
        if (list.kind !== "list") return;
        const element: FrontmatterMap = { kind: "map", ...this.span(table), flow: false, entries: [] };
        list.items.push(element);
        list.endOffset = Math.max(list.endOffset, element.endOffset);
        map = element;
      } else {
        const next = this.mapIn(map, part, table);
        if (!next) return;
        if (last) Object.assign(next, this.span(table));
        map = next;
      }
    }
    for (const keyValue of table.body) this.addKeyValue(map, keyValue, 0);
  }

  /** `a.b.c = value`, in `map`. */
  addKeyValue(map: FrontmatterMap, keyValue: AST.TOMLKeyValue, depth: number): void {
    const parts = keyValue.key.keys;
    let target: FrontmatterMap | undefined = map;
    for (const part of parts.slice(0, -1)) {
      target = this.mapIn(target, part, keyValue);
      if (!target) return;
    }
    const lastPart = parts[parts.length - 1];
    if (!lastPart) return;
    this.push(target, { key: keyName(lastPart), ...this.span(lastPart), value: this.value(keyValue.value, depth + 1) });
  }

  /** The mapping under `part` in `map` (created when absent; the last element of an array of tables). */
  private mapIn(map: FrontmatterMap, part: AST.TOMLBare | AST.TOMLQuoted, owner: AST.TOMLNode): FrontmatterMap | undefined {
    const entry = this.entry(map, part, owner, () => ({ kind: "map", ...this.span(owner), flow: false, entries: [] }));
    let value = entry.value;
    if (value?.kind === "list") value = value.items[value.items.length - 1];
    if (value?.kind !== "map") return undefined;
    value.endOffset = Math.max(value.endOffset, this.base + owner.range[1]);
    return value;
  }

  private entry(map: FrontmatterMap, part: AST.TOMLBare | AST.TOMLQuoted, owner: AST.TOMLNode, create: () => FrontmatterNode): FrontmatterEntry {
    const key = keyName(part);
    let entry = this.keys.get(map)?.get(key);
    if (!entry) {
      entry = { key, ...this.span(part), value: create() };
      this.push(map, entry);
    }
    map.endOffset = Math.max(map.endOffset, this.base + owner.range[1]);
    return entry;
  }

  private push(map: FrontmatterMap, entry: FrontmatterEntry): void {
    map.entries.push(entry);
    let byKey = this.keys.get(map);
    if (!byKey) this.keys.set(map, (byKey = new Map()));
    // The first entry of a key is the one a reader sees (a key defined twice is refused before).
    if (!byKey.has(entry.key)) byKey.set(entry.key, entry);
  }

  private value(node: AST.TOMLContentNode, depth: number): FrontmatterNode | undefined {
    if (depth > MAX_TREE_DEPTH) return undefined;
    const span = this.span(node);
    if (node.type === "TOMLArray") {
      return { kind: "list", ...span, items: node.elements.flatMap((element) => this.value(element, depth + 1) ?? []) };
    }
    if (node.type === "TOMLInlineTable") {
      const map: FrontmatterMap = { kind: "map", ...span, flow: true, entries: [] };
      for (const keyValue of node.body) this.addKeyValue(map, keyValue, depth);
      return map;
    }
    switch (node.kind) {
      case "string": {
        const quote = node.style === "basic" ? "double" : "single";
        return { kind: "scalar", ...span, value: node.value, style: node.multiline ? `multiline-${quote}` : quote };
      }
      case "integer":
      case "float":
      case "boolean":
        return { kind: "scalar", ...span, value: node.value, style: "plain" };
      default:
        // Dates and times: the text as written, never a Date.
        return { kind: "scalar", ...span, value: this.raw.slice(node.range[0], node.range[1]), style: "plain" };
    }
  }

  private span(node: AST.TOMLNode): { offset: number; endOffset: number } {
    return { offset: this.base + node.range[0], endOffset: this.base + node.range[1] };
  }
}

function keyName(part: AST.TOMLBare | AST.TOMLQuoted): string {
  return part.type === "TOMLBare" ? part.name : part.value;
}
