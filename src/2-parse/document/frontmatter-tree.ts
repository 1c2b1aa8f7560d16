/**
 * The frontmatter's values with their positions, the same shape whatever the language (YAML, JSON,
 * TOML): what rules, SARIF locations, `seal`, `status`, the secret scan and the injection scan read.
 * All offsets index the document text (0-based UTF-16 code units, BOM removed).
 */

/** How a scalar is written in the source, so an edit can write a new value the same way. */
export type FrontmatterScalarStyle =
  /** No quotes: a YAML plain scalar, a JSON or TOML number, boolean, null, or a TOML date-time. */
  | "plain"
  /** `"…"`: YAML double-quoted, a JSON string, a TOML basic string. */
  | "double"
  /** `'…'`: YAML single-quoted, a TOML literal string. */
  | "single"
  /** YAML `|` block scalar. */
  | "block-literal"
  /** YAML `>` block scalar. */
  | "block-folded"
  /** TOML `"""…"""`. */
  | "multiline-double"
  /** TOML `'''…'''`. */
  | "multiline-single";

/** One problem inside the frontmatter, with offsets into the document text. */
export interface FrontmatterProblem {
  code: "yaml-error" | "json-error" | "toml-error" | "duplicate-key" | "alias" | "anchor" | "not-a-map" | "unclosed" | "unsupported-language" | "unknown-tag";
  message: string;
  offset: number;
  endOffset: number;
}

/** What a frontmatter engine gives for one block. */
export interface FrontmatterParse {
  /** The mapping as plain JSON values (dates stay text); undefined when the block is broken or not a mapping. */
  data: Record<string, unknown> | undefined;
  /** Problems found; empty for a clean mapping. */
  problems: FrontmatterProblem[];
  /** The positioned values; undefined when nothing could be read (an empty block, an unsupported language). */
  tree: FrontmatterNode | undefined;
}

/**
 * Nodes nested deeper than this are left out of a tree (no frontmatter needs them; hostile nesting
 * must not overflow the stack of the code that walks the tree).
 */
export const MAX_TREE_DEPTH = 200;

/** Where a node sits: `[offset, endOffset)`. */
export interface FrontmatterSpan {
  offset: number;
  endOffset: number;
}

/** A string, number, boolean or null (a YAML key with nothing after its colon is a null with an empty span). */
export interface FrontmatterScalar extends FrontmatterSpan {
  kind: "scalar";
  value: string | number | boolean | null;
  style: FrontmatterScalarStyle;
}

/** A mapping (YAML map, JSON object, TOML table). */
export interface FrontmatterMap extends FrontmatterSpan {
  kind: "map";
  /** Written inline: YAML `{…}`, a JSON object, a TOML inline table `{…}`. */
  flow: boolean;
  entries: FrontmatterEntry[];
}

/** A list (YAML sequence, JSON array, TOML array or array of tables). */
export interface FrontmatterList extends FrontmatterSpan {
  kind: "list";
  items: FrontmatterNode[];
}

/** One key of a mapping: the key's own span, and its value (undefined when it cannot be read: a YAML alias). */
export interface FrontmatterEntry extends FrontmatterSpan {
  key: string;
  value: FrontmatterNode | undefined;
}

/** A frontmatter value. */
export type FrontmatterNode = FrontmatterScalar | FrontmatterMap | FrontmatterList;

/** The plain value of a tree (JSON-compatible; later duplicate keys win, as in JavaScript). */
export function treeValue(node: FrontmatterNode | undefined): unknown {
  if (!node) return null;
  if (node.kind === "scalar") return node.value;
  if (node.kind === "list") return node.items.map(treeValue);
  const out: Record<string, unknown> = {};
  for (const entry of node.entries) {
    // Own, enumerable and writable even for `__proto__`.
    Object.defineProperty(out, entry.key, { value: treeValue(entry.value), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** The entry of `key` in `map` (the first one, as a reader sees it). */
export function entryOf(map: FrontmatterMap, key: string): FrontmatterEntry | undefined {
  return map.entries.find((entry) => entry.key === key);
}

/** Calls `visit` for every entry of every mapping and every item of every list, in document order. */
export function walkTree(
  node: FrontmatterNode | undefined,
  visit: { entry?: (entry: FrontmatterEntry) => void; item?: (item: FrontmatterNode) => void },
): void {
  if (!node || node.kind === "scalar") return;
  if (node.kind === "map") {
    for (const entry of node.entries) {
      visit.entry?.(entry);
      walkTree(entry.value, visit);
    }
    return;
  }
  for (const item of node.items) {
    visit.item?.(item);
    walkTree(item, visit);
  }
}

/** What {@link frontmatterNodeOffsets} needs of a frontmatter. */
export interface PositionedFrontmatter {
  range: { start: { offset: number } };
  tree: FrontmatterNode | undefined;
}

/**
 * Offsets (into the document text) of the value at `path` in the frontmatter, falling back to its
 * key, then to the nearest existing parent, then to the opening fence (its first three characters).
 * @param path keys and indexes, e.g. `["completed_steps", 0, "evidence"]`.
 */
export function frontmatterNodeOffsets(
  frontmatter: PositionedFrontmatter,
  path: readonly (string | number)[],
  which: "value" | "key" = "value",
): FrontmatterSpan {
  const fence = frontmatter.range.start.offset;
  const fallback = { offset: fence, endOffset: fence + 3 };
  let node = frontmatter.tree;
  if (!node) return fallback;
  let best: FrontmatterSpan = spanOf(node);
  for (const [i, segment] of path.entries()) {
    const last = i === path.length - 1;
    if (node?.kind === "map") {
      const entry = entryOf(node, String(segment));
      if (!entry) break;
      if (which === "key" && last) return spanOf(entry);
      best = entry.value ? spanOf(entry.value) : spanOf(entry);
      node = entry.value;
    } else if (node?.kind === "list" && typeof segment === "number") {
      const item = node.items[segment];
      if (item === undefined) break;
      best = spanOf(item);
      node = item;
    } else {
      break;
    }
  }
  return best;
}

function spanOf(span: FrontmatterSpan): FrontmatterSpan {
  return { offset: span.offset, endOffset: span.endOffset };
}

/** TOML date-times are written bare (RFC 3339, with `T` or a space); anything else TOML writes as a string. */
const TOML_DATETIME_RE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})?)?$/i;

/**
 * `value` written the way `scalar` is written in a frontmatter of `language`: the same quotes, or
 * none where the language reads the new value as the same kind of scalar. Used by `seal` and
 * `status`, which replace one value and must leave every other byte as it was.
 * @returns undefined when the value cannot be written in that style on one line (the caller refuses).
 */
export function writeScalarLike(language: string, scalar: FrontmatterScalar, value: string): string | undefined {
  if (/[\r\n]/.test(value)) return undefined;
  switch (scalar.style) {
    case "double":
      // A JSON string is also a valid YAML double-quoted scalar and a TOML basic string.
      return JSON.stringify(value);
    case "single":
      if (language === "toml") return value.includes("'") ? JSON.stringify(value) : `'${value}'`;
      return `'${value.replace(/'/g, "''")}'`;
    case "plain":
      if (language === "yaml") return value;
      if (language === "toml" && TOML_DATETIME_RE.test(value) && typeof scalar.value === "string") return value;
      return JSON.stringify(value);
    default:
      return undefined;
  }
}
