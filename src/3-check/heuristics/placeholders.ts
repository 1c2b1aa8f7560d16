/**
 * Placeholders a template leaves for its writer — `{project}`, `{{name}}`, `<full-head-sha>`,
 * `[fill in]`, `TODO: fill`, `YYYY-MM-DD`, `TBD` — found in a handoff's text outside code: code
 * spans, code blocks, HTML comments, link targets and autolinks are never read, and neither are
 * HTML elements (`<details>`, `<br>`), components (`<UserCard>`, `<Foo />`) or generics (`Vec<T>`).
 */
import type { Html, Node, Root, Text } from "mdast";
import type { HandoffDocument } from "../../2-parse/document/model.js";

/** One placeholder: its text and offsets in the document. */
export interface Placeholder {
  text: string;
  offset: number;
  endOffset: number;
  /** `TBD`-like words: a value decided later in a real handoff, a placeholder in a template. */
  weak: boolean;
}

/**
 * Placeholder shapes. Alone they are often notation in a real handoff (`backup: <age>` on a
 * dashboard, `{old value} → {new value}`), so they count only as the whole value of a block — a
 * heading, a paragraph or list item, a table cell, `Label: <value>`: braces holding words
 * (`{project name}`; not code such as `{a: 1}`, nor a path parameter `/users/{id}`), `<…>` that did
 * not parse as HTML (`<full head sha?>`), `[Feature name]` (brackets that are no link), `YYYY-MM-DD`,
 * a date with its day or month left as `XX` (`2025-02-XX`), `XXX`. A block of `Label: value` pairs (one per line, or split by ` | `) is read pair by pair.
 */
const VALUE_RE =
  /(?<![\w$/\\}.{])\{\p{L}[\p{L}\p{N} _-]{0,58}\}(?![\w{(])|(?<![\w<])<\p{L}[\p{L}\p{N} _.'?-]{1,58}>|(?<![\w\]/])\[\p{L}[^[\]\n]{1,60}\](?![([:])|\bYYYY-MM-DD\b|\b\d{4}-(?:\d{2}|XX)-XX\b|\b\d{4}-XX-\d{2}\b|#X{2,}\b|\bX{3,}\b/gu;
/**
 * Placeholders wherever they stand: a template engine's `{{name}}` (not a GitHub Actions
 * `${{ expression }}`), `[fill in]`-style brackets, `TODO: fill`, lorem ipsum.
 */
const ALWAYS_RE =
  /(?<!\$)\{\{[^{}\n]{1,60}\}\}|\[(?:fill(?:[ -]in| me)?|insert [^\]\n]{1,40}|your [^\]\n]{1,40}|placeholder|describe [^\]\n]{1,40}|tbd|todo)\]|\b(?:TODO|FIXME)\b[ \t]*(?:[:-][ \t]*)?(?:fill|add|describe|write|insert|replace|complete)\b|\blorem ipsum\b/giu;
/** Words that say text was taken out, in the languages of the role cues. */
const REMOVED_WORD = String.raw`(?:removed|redacted|omitted|elided|deleted|hidden|truncated|snipped|masked|censored|stripped|entfernt|gelöscht|geschwärzt|ausgelassen|supprimée?s?|masquée?s?|omise?s?|eliminad[oa]s?|omitid[oa]s?|ocult[oa]s?|rimoss[oa]|omess[oa]|removid[oa]s?|удален[оаы]?|скрыт[оаы]?|已删除|已移除|已省略|已隐藏|削除済み|省略|삭제됨|생략)`;
/**
 * Brackets that say something was taken out, not left to fill in: `[credential line removed]`,
 * `[REDACTED:generic-secret]` (what `handoff redact` writes), `[output omitted]`, `[…]`.
 */
const REMOVED_RE = new RegExp(
  // The word last (`[credential line removed]`) or first (`[REDACTED:github-token]`, `[omitted for brevity]`), or an ellipsis.
  String.raw`^\[(?:[^[\]\n]{0,40}\s)?${REMOVED_WORD}\]$|^\[${REMOVED_WORD}(?:[\s:][^[\]\n]{0,60})?\]$|^\[(?:…|\.{3})\]$`,
  "iu",
);

/** `TBD`, `TBA`, `TK` as a whole value: a cell, an item, a paragraph or `Label: TBD`. */
const WEAK_VALUE_RE = /^(?:[^:\n]{1,40}:[ \t]*)?(?:TBD|TBA|TK)[.!]?$/;
/** A `Label:` before a value (`**Branch:** <branch>` reads `Branch: `). */
const LABEL_RE = /^[^:\n]{1,40}:/;
/**
 * What a block's value must hold for any of the expressions above to match in it (a superset: the
 * same `iu` case folding as {@link ALWAYS_RE}, and case-insensitive for the others); most blocks
 * hold none of it and are not scanned.
 */
const MAYBE_PLACEHOLDER_RE = /[{<[\uE000]|YYYY|XX|TB|TK|todo|fixme|lorem/iu;
/** The `Label: value` pairs of a block: its lines, split at ` | `. */
const SEGMENT_RE = /[^\n|]+(?:\|(?!\s)[^\n|]*)*/g;
/** What may stand around placeholders in a block that is nothing but them. */
const FILLER_RE = /[\s*_~`.,;:()[\]/|'"\uE000-]+/gu;

/** HTML element names (WHATWG HTML, plus obsolete ones still rendered and SVG's top-level `svg`). */
const HTML_ELEMENTS = new Set(
  (
    "a abbr acronym address area article aside audio b base bdi bdo big blink blockquote body br button canvas caption center cite code col " +
    "colgroup data datalist dd del details dfn dialog dir div dl dt em embed fieldset figcaption figure font footer form frame frameset h1 h2 h3 " +
    "h4 h5 h6 head header hgroup hr html i iframe img input ins kbd label legend li link main map mark marquee math menu meta meter nav nobr " +
    "noscript object ol optgroup option output p param picture plaintext pre progress q rp rt ruby s samp script search section select slot " +
    "small source span strike strong style sub summary sup svg table tbody td template textarea tfoot th thead time title tr track tt u ul var " +
    "video wbr xmp"
  ).split(" "),
);

/** The tag of an HTML node that is a placeholder rather than markup, or undefined. */
function htmlPlaceholder(node: Html, text: string): string | undefined {
  const match = /^<(\p{L}[\p{L}\p{N}_-]*)((?:\s[^<>]*)?)>/u.exec(node.value);
  if (!match) return undefined;
  const name = match[1] as string;
  // Elements, components (`<UserCard>`), generics (`<T>`, `Vec<T>`) and self-closing tags are markup.
  if (HTML_ELEMENTS.has(name.toLowerCase()) || /^\p{Lu}/u.test(name) || /\/\s*$/.test(match[2] ?? "")) return undefined;
  const start = node.position?.start.offset ?? 0;
  if (start > 0 && /[\w<]/.test(text[start - 1] ?? "")) return undefined;
  return match[0];
}

/**
 * Every placeholder of `document` outside code, in document order (frontmatter values included,
 * each as a block of its own).
 */
export function findPlaceholders(document: HandoffDocument): Placeholder[] {
  const found: Placeholder[] = [];
  const { text } = document;
  const data = document.frontmatter?.data;
  if (data && document.frontmatter) {
    const raw = document.frontmatter.raw;
    const base = document.frontmatter.contentOffset;
    for (const value of Object.values(data)) {
      if (typeof value !== "string" || value.trim() === "") continue;
      scanBlock(value, base + Math.max(0, raw.indexOf(value)), undefined, [], found);
    }
  }
  const root: Root | undefined = document.mdast;
  if (root) walk(root, text, found);
  // A placeholder of two shapes (`[your name]`) is one.
  return found.sort((a, b) => a.offset - b.offset).filter((p, i, all) => i === 0 || all[i - 1]?.offset !== p.offset);
}

/** Stands in a block's text for an HTML placeholder (`<branch-name>` parses as an HTML tag). */
const HTML_MARK = "\uE000";

/**
 * The placeholders of one block: its text (`value`: code spans and HTML blanked, HTML placeholders
 * as {@link HTML_MARK}, in the order of `html`), found at `offset` (`source`: the block's source
 * text, to locate matches; undefined when `value` is the source).
 */
function scanBlock(value: string, offset: number, source: string | undefined, html: readonly Placeholder[], found: Placeholder[]): void {
  const at = (match: RegExpMatchArray) => (source === undefined ? offset + (match.index ?? 0) : locate(source, match[0], offset, match.index ?? 0));
  const push = (match: RegExpMatchArray) => {
    if (!REMOVED_RE.test(match[0])) found.push({ text: match[0], offset: at(match), endOffset: at(match) + match[0].length, weak: false });
  };
  for (const match of value.matchAll(ALWAYS_RE)) push(match);
  // The value after a `Label:`; placeholders in the label itself (`GET /items/[id]:`) are not values.
  const valueOf = (segment: string) => segment.slice(LABEL_RE.exec(segment)?.[0].length ?? 0);
  const isOnly = (part: string) => part.replace(VALUE_RE, "").replace(ALWAYS_RE, "").replace(FILLER_RE, "") === "";
  let marksBefore = 0;
  for (const segment of value.matchAll(SEGMENT_RE)) {
    const part = valueOf(segment[0]);
    const marks = segment[0].split(HTML_MARK).length - 1;
    const labelMarks = marks - (part.split(HTML_MARK).length - 1);
    if ((part.search(VALUE_RE) !== -1 || part.includes(HTML_MARK)) && isOnly(part)) {
      const partIndex = (segment.index ?? 0) + segment[0].length - part.length;
      for (const match of part.matchAll(VALUE_RE)) {
        match.index = (match.index ?? 0) + partIndex;
        push(match);
      }
      found.push(...html.slice(marksBefore + labelMarks, marksBefore + marks));
    }
    marksBefore += marks;
  }
  const trimmed = value.trim();
  if (WEAK_VALUE_RE.test(trimmed)) {
    const word = /TBD|TBA|TK/.exec(trimmed)?.[0] ?? trimmed;
    const index = Math.max(0, (source ?? value).lastIndexOf(word));
    found.push({ text: word, offset: offset + index, endOffset: offset + index + word.length, weak: true });
  }
}

/** Where `match`, found at `index` of a node's value, sits in the node's source (escapes and entities shift it). */
function locate(source: string, match: string, offset: number, index: number): number {
  const exact = source.indexOf(match, Math.max(0, index - 8));
  return offset + (exact === -1 ? Math.min(index, source.length) : exact);
}

/** Reads text by block (paragraph, heading, table cell): a placeholder counts as a block's whole value. */
function walk(node: Node, text: string, found: Placeholder[]): void {
  const type = node.type;
  if (type === "code" || type === "inlineCode" || type === "yaml" || type === "toml" || type === "definition") return;
  if (type === "html") {
    // A block of HTML: a placeholder when it is one alone (`<project-name>` on its own line).
    const tag = htmlPlaceholder(node as Html, text);
    const offset = node.position?.start.offset ?? 0;
    if (tag && (node as Html).value.trim() === tag) found.push({ text: tag, offset, endOffset: offset + tag.length, weak: false });
    return;
  }
  if (type === "paragraph" || type === "heading" || type === "tableCell") {
    const start = node.position?.start.offset ?? 0;
    const end = node.position?.end.offset ?? start;
    const html: Placeholder[] = [];
    const value = textOf(node, text, html);
    if (MAYBE_PLACEHOLDER_RE.test(value)) scanBlock(value, start, text.slice(start, end), html, found);
    return;
  }
  for (const child of (node as { children?: Node[] }).children ?? []) walk(child, text, found);
}

/**
 * The text of a block's text nodes (links' text included), without code spans and HTML; an HTML
 * placeholder becomes {@link HTML_MARK} and is added to `html`.
 */
function textOf(node: Node, text: string, html: Placeholder[]): string {
  if (node.type === "text") return (node as Text).value;
  if (node.type === "html") {
    const tag = htmlPlaceholder(node as Html, text);
    if (!tag) return " ";
    const offset = node.position?.start.offset ?? 0;
    html.push({ text: tag, offset, endOffset: offset + tag.length, weak: false });
    return HTML_MARK;
  }
  if (node.type === "inlineCode" || node.type === "image" || node.type === "imageReference") return " ";
  // A hard line break ends a line of `Label: value` pairs as a soft one does.
  if (node.type === "break") return "\n";
  return ((node as { children?: Node[] }).children ?? []).map((child) => textOf(child, text, html)).join("");
}
