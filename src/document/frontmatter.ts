/**
 * Frontmatter: locating the block at the top of a document and parsing YAML with positions.
 *
 * Safety decisions (see issue "lint pipeline"):
 * - YAML is parsed with the `yaml` package's Document API and its `core` schema (YAML 1.2), so
 *   dates stay strings (`2026-02-30` is not turned into March 2) and nothing is ever evaluated;
 *   gray-matter is not used because its default `js`/`javascript` engines evaluate code.
 * - Aliases and anchors are refused (alias bombs), duplicate keys are errors.
 * - `+++` (TOML) and `---<language>` blocks (`---js`, `---json`, …) are located, never parsed,
 *   and reported as unsupported.
 */
import { isAlias, isCollection, isMap, isNode, isScalar, parseDocument, visit, type Document, type Node } from "yaml";
import { yamlNestingTooDeepAt } from "./nesting.js";
import type { LineIndex, Range } from "./position.js";

/** One problem inside the frontmatter, with offsets into the document text. */
export interface FrontmatterProblem {
  code: "yaml-error" | "duplicate-key" | "alias" | "anchor" | "not-a-map" | "unclosed" | "unsupported-language" | "unknown-tag";
  message: string;
  offset: number;
  endOffset: number;
}

/** The frontmatter block of a Markdown document. */
export interface Frontmatter {
  /** `yaml` for `---`, `toml` for `+++`, else the word after `---` (`js`, `json`, …). */
  language: string;
  /** Whole block, fences included (offsets into the document text). */
  range: Range;
  /** The text between the fences. */
  raw: string;
  /** Offset of `raw` in the document text. */
  contentOffset: number;
  /** Parsed mapping (plain JSON values; dates stay strings); undefined when absent or broken. */
  data: Record<string, unknown> | undefined;
  /** Problems found; empty for a clean YAML map. */
  problems: FrontmatterProblem[];
  /** The YAML document, for node positions; undefined for unsupported languages. */
  yaml: Document.Parsed | undefined;
}

/** Where a frontmatter block sits, before parsing. Offsets index the document text. */
export interface FrontmatterLocation {
  language: string;
  start: number;
  /** Offset just past the closing fence line (including its line ending). */
  end: number;
  contentStart: number;
  contentEnd: number;
  closed: boolean;
}

const OPEN_RE = /^(---|\+\+\+)([A-Za-z][\w-]*)?[ \t]*(?:\r\n|\r|\n|$)/;

/**
 * Finds a frontmatter block that starts on the first line.
 * The closing fence is `---` for YAML and `---<lang>`, `+++` for TOML, alone on its line
 * (trailing spaces allowed), as remark-frontmatter and markdownlint expect.
 * @returns undefined when the first line opens no block.
 */
export function locateFrontmatter(text: string): FrontmatterLocation | undefined {
  const open = OPEN_RE.exec(text);
  if (!open) return undefined;
  const fence = open[1] as string;
  const language = open[2] ? open[2].toLowerCase() : fence === "+++" ? "toml" : "yaml";
  const contentStart = open[0].length;
  // Scan line by line so a lone CR line ending also counts.
  let lineStart = contentStart;
  while (lineStart <= text.length) {
    let lineEnd = lineStart;
    while (lineEnd < text.length && text.charCodeAt(lineEnd) !== 10 && text.charCodeAt(lineEnd) !== 13) lineEnd++;
    const line = text.slice(lineStart, lineEnd);
    // Only spaces and tabs may follow the closing fence, as for remark-frontmatter (micromark's
    // frontmatter extension): with an NBSP there the Markdown parse sees no frontmatter either.
    let lineContentEnd = line.length;
    while (lineContentEnd > 0 && (line[lineContentEnd - 1] === " " || line[lineContentEnd - 1] === "\t")) lineContentEnd--;
    if (lineContentEnd === fence.length && line.startsWith(fence)) {
      let end = lineEnd;
      if (text.charCodeAt(end) === 13) end++;
      if (text.charCodeAt(end) === 10) end++;
      return { language, start: 0, end, contentStart, contentEnd: lineStart, closed: true };
    }
    if (lineEnd >= text.length) break;
    lineStart = lineEnd + (text.charCodeAt(lineEnd) === 13 && text.charCodeAt(lineEnd + 1) === 10 ? 2 : 1);
  }
  return { language, start: 0, end: text.length, contentStart, contentEnd: text.length, closed: false };
}

/**
 * Parses the frontmatter at `location` of `text`.
 * @param lines the document's line index, for ranges.
 */
export function parseFrontmatter(text: string, location: FrontmatterLocation, lines: LineIndex): Frontmatter {
  const raw = text.slice(location.contentStart, location.contentEnd);
  const frontmatter: Frontmatter = {
    language: location.language,
    range: lines.range(location.start, location.end),
    raw,
    contentOffset: location.contentStart,
    data: undefined,
    problems: [],
    yaml: undefined,
  };
  if (location.language !== "yaml") {
    const label = location.language === "toml" ? "TOML (+++)" : `'---${location.language}'`;
    frontmatter.problems.push({
      code: "unsupported-language",
      message: `Unsupported frontmatter language ${label}: handoffkit reads YAML frontmatter only and never evaluates a block`,
      offset: location.start,
      endOffset: location.contentStart,
    });
    return frontmatter;
  }
  const base = location.contentStart;
  // The yaml composer recurses once per level: deeper text is refused before it is composed.
  const deep = yamlNestingTooDeepAt(raw);
  if (deep !== -1) {
    frontmatter.problems.push({ code: "yaml-error", message: TOO_DEEP, offset: base + deep, endOffset: base + deep + 1 });
    return frontmatter;
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
  frontmatter.yaml = doc;
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
    if (frontmatter.problems.some((p) => p.message === problem.message && (tooDeep || p.offset === problem.offset))) continue;
    frontmatter.problems.push(problem);
  }
  // An application tag (`!!js/function`, `!ruby/object`, `!custom`) asks a loader to build or run
  // something: yaml's core schema never does; the value is read as plain text, and said so.
  for (const warning of doc.warnings) {
    if (warning.code !== "TAG_RESOLVE_FAILED") continue;
    const tag = raw.slice(warning.pos[0], warning.pos[1]).split(/\s/)[0] ?? "";
    frontmatter.problems.push({
      code: "unknown-tag",
      message: `YAML tag '${tag}' is not supported: the value is read as plain text and never run`,
      offset: base + warning.pos[0],
      endOffset: base + warning.pos[0] + tag.length,
    });
  }
  let refused = false;
  visit(doc, {
    Pair(_key, pair) {
      // `{ a }: b` or `[a]: b`: a JavaScript object cannot hold such a key (yaml would stringify
      // it with a warning). Templates hit this with `{{ PLACEHOLDER }}` keys.
      if (pair.key !== null && isCollection(pair.key)) {
        refused = true;
        const [s, e] = (pair.key as Node).range ?? [0, 0];
        frontmatter.problems.push({
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
      frontmatter.problems.push({
        code: "alias",
        message: `YAML alias '*${node.source}' is not allowed in frontmatter (aliases can expand without bound)`,
        offset: base + s,
        endOffset: base + e,
      });
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
        frontmatter.problems.push({
          code: "anchor",
          message: `YAML anchor '&${node.anchor}' is not allowed in frontmatter`,
          offset: base + offset,
          endOffset: base + (at === -1 ? s : at + marker.length),
        });
      }
    },
  });
  if (doc.errors.length > 0 || refused) return frontmatter;
  if (doc.contents === null) {
    frontmatter.data = {};
    return frontmatter;
  }
  if (!isMap(doc.contents)) {
    const [s, e] = doc.contents.range ?? [0, raw.length];
    frontmatter.problems.push({
      code: "not-a-map",
      message: "Frontmatter must be a YAML mapping of keys to values",
      offset: base + s,
      endOffset: base + e,
    });
    return frontmatter;
  }
  const data = doc.toJS({ maxAliasCount: 0 }) as unknown;
  frontmatter.data = data as Record<string, unknown>;
  return frontmatter;
}

function keyName(raw: string, at: number): string {
  const match = /^[^\s:#]+|^"[^"\n]*"|^'[^'\n]*'/.exec(raw.slice(at, at + 200));
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

/**
 * Offsets (into the document text) of the value at `path` in the frontmatter, falling back to its
 * key, then to the nearest existing parent, then to the block's content.
 * @param path keys and indexes, e.g. `["completed_steps", 0, "evidence"]`.
 */
export function frontmatterNodeOffsets(
  frontmatter: Frontmatter,
  path: readonly (string | number)[],
  which: "value" | "key" = "value",
): { offset: number; endOffset: number } {
  const base = frontmatter.contentOffset;
  const doc = frontmatter.yaml;
  const fallback = { offset: frontmatter.range.start.offset, endOffset: frontmatter.range.start.offset + 3 };
  if (!doc || !doc.contents) return fallback;
  let node: unknown = doc.contents;
  let best: { offset: number; endOffset: number } | undefined = rangeOf(node, base);
  for (const segment of path) {
    if (isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(segment));
      if (!pair) break;
      const keyRange = rangeOf(pair.key, base);
      const valueRange = rangeOf(pair.value, base);
      best = (which === "key" && segment === path[path.length - 1] ? keyRange : valueRange ?? keyRange) ?? best;
      if (which === "key" && segment === path[path.length - 1]) return best ?? fallback;
      node = pair.value;
    } else if (isCollection(node) && typeof segment === "number") {
      const item = node.items[segment];
      if (item === undefined) break;
      best = rangeOf(item, base) ?? best;
      node = item;
    } else {
      break;
    }
  }
  return best ?? fallback;
}

function rangeOf(node: unknown, base: number): { offset: number; endOffset: number } | undefined {
  if (!isNode(node) || isAlias(node)) return undefined;
  const range = (node as Node).range;
  if (!range) return undefined;
  return { offset: base + range[0], endOffset: base + range[1] };
}
