/**
 * Markdown parsing: remark-parse + remark-frontmatter + GitHub Flavored Markdown, with the GFM
 * constructs a document cannot contain left out of its parse.
 *
 * The tree is exactly the one `remark-gfm` builds. Two GFM extensions cost far more than the others
 * and can only match when their trigger characters occur in the source:
 * - autolink literals (micromark-extension-gfm-autolink-literal) try an email at the start of every
 *   word, which cuts text into one token per character: they need `@` (email) or `www.` / `http`
 *   (URL) in the source; their mdast transform (mdast-util-gfm-autolink-literal) rewrites text
 *   whose *decoded* value holds `@`, `www` or `http`, which character references (`&#64;`,
 *   `&commat;`) can produce too: it runs only when a text node of the finished tree holds one
 *   (it leaves every other tree as it is, and walking the tree once is far cheaper than its
 *   two searches of every text node);
 * - tables (micromark-extension-gfm-table) are tried at the start of every line: a table's
 *   delimiter row needs a `|`, or a cell such as `:--` / `--:` (`abc⏎:--` is a one-column table).
 * One frozen processor per combination is built on first use and shared by every document.
 */
import type { Nodes, Root } from "mdast";
import { gfmAutolinkLiteralFromMarkdown } from "mdast-util-gfm-autolink-literal";
import { gfmFootnoteFromMarkdown } from "mdast-util-gfm-footnote";
import { gfmStrikethroughFromMarkdown } from "mdast-util-gfm-strikethrough";
import { gfmTableFromMarkdown } from "mdast-util-gfm-table";
import { gfmTaskListItemFromMarkdown } from "mdast-util-gfm-task-list-item";
import { gfmAutolinkLiteral } from "micromark-extension-gfm-autolink-literal";
import { gfmFootnote } from "micromark-extension-gfm-footnote";
import { gfmStrikethrough } from "micromark-extension-gfm-strikethrough";
import { gfmTable } from "micromark-extension-gfm-table";
import { gfmTaskListItem } from "micromark-extension-gfm-task-list-item";
import type { Extension as FromMarkdownExtension } from "mdast-util-from-markdown";
import type { Construct, ConstructRecord, Extension as MicromarkExtension } from "micromark-util-types";
import remarkFrontmatter from "remark-frontmatter";
import remarkParse from "remark-parse";
import { unified, type Processor } from "unified";

/** The GFM work a document needs, as bits. */
export const GFM_EMAIL = 1;
export const GFM_URL = 2;
export const GFM_AUTOLINK_TRANSFORM = 4;
export const GFM_TABLE = 8;
/** Every bit: what `remark-gfm` always does. */
export const GFM_ALL = GFM_EMAIL | GFM_URL | GFM_AUTOLINK_TRANSFORM | GFM_TABLE;

const URL_START_RE = /www\.|http/i;
const AUTOLINK_TEXT_RE = /@|www|http|&#|&commat;/i;
/** What a decoded text value needs before the autolink transform can change it (a superset of its two searches). */
const AUTOLINK_VALUE_RE = /@|www|http/i;

/**
 * mdast-util-gfm-autolink-literal's tree handlers without its transform, and that transform
 * (run by {@link parseMarkdown} when a text node can need it).
 */
const { transforms: autolinkTransformList, ...autolinkHandlers } = gfmAutolinkLiteralFromMarkdown();
const autolinkTransforms = autolinkTransformList ?? [];
const TABLE_DELIMITER_RE = /\||:-|-:/;

/** Which of the costly GFM constructs can occur in `text` (a superset: never leaves out one that occurs). */
export function gfmFeatures(text: string): number {
  let features = 0;
  if (text.includes("@")) features |= GFM_EMAIL;
  if (URL_START_RE.test(text)) features |= GFM_URL;
  if (AUTOLINK_TEXT_RE.test(text)) features |= GFM_AUTOLINK_TRANSFORM;
  if (TABLE_DELIMITER_RE.test(text)) features |= GFM_TABLE;
  return features;
}

/** The autolink-literal syntax with only the constructs `features` asks for (none: undefined). */
function autolinkSyntax(features: number): MicromarkExtension | undefined {
  const wanted = (construct: Construct) => (construct.name === "emailAutolink" ? (features & GFM_EMAIL) !== 0 : (features & GFM_URL) !== 0);
  if ((features & (GFM_EMAIL | GFM_URL)) === 0) return undefined;
  if ((features & (GFM_EMAIL | GFM_URL)) === (GFM_EMAIL | GFM_URL)) return gfmAutolinkLiteral();
  const text: ConstructRecord = {};
  for (const [code, value] of Object.entries(gfmAutolinkLiteral().text ?? {})) {
    const kept = (Array.isArray(value) ? value : [value]).filter((construct): construct is Construct => Boolean(construct) && wanted(construct as Construct));
    if (kept.length > 0) text[Number(code)] = kept;
  }
  return { text };
}

/** remark-gfm's extensions in remark-gfm's order, without those `features` leaves out. */
function gfmSubset(this: Processor, features: number): void {
  const data = this.data();
  const micromarkExtensions = (data.micromarkExtensions ??= []);
  const fromMarkdownExtensions = (data.fromMarkdownExtensions ??= []);
  const autolink = autolinkSyntax(features);
  const syntax: MicromarkExtension[] = [
    ...(autolink ? [autolink] : []),
    gfmFootnote(),
    gfmStrikethrough(),
    ...(features & GFM_TABLE ? [gfmTable()] : []),
    gfmTaskListItem(),
  ];
  const trees: FromMarkdownExtension[] = [
    ...(features & GFM_AUTOLINK_TRANSFORM ? [autolinkHandlers] : []),
    gfmFootnoteFromMarkdown(),
    gfmStrikethroughFromMarkdown(),
    ...(features & GFM_TABLE ? [gfmTableFromMarkdown()] : []),
    gfmTaskListItemFromMarkdown(),
  ];
  micromarkExtensions.push(...syntax);
  fromMarkdownExtensions.push(trees);
}

const processors = new Map<number, Processor<Root>>();

function processorFor(features: number): Processor<Root> {
  let processor = processors.get(features);
  if (!processor) {
    processor = unified().use(remarkParse).use(remarkFrontmatter, ["yaml", "toml"]).use(gfmSubset, features).freeze() as unknown as Processor<Root>;
    processors.set(features, processor);
  }
  return processor;
}

/**
 * Parses Markdown into an mdast tree whose positions index `text` (1-based line/column,
 * 0-based offset in UTF-16 code units).
 * @param features the GFM work to do (default: what `text` can need, {@link gfmFeatures}).
 */
export function parseMarkdown(text: string, features: number = gfmFeatures(text)): Root {
  let tree = processorFor(features).parse(text) as Root;
  if (features & GFM_AUTOLINK_TRANSFORM && hasAutolinkCandidate(tree)) {
    for (const transform of autolinkTransforms) tree = (transform(tree) as Root | undefined) ?? tree;
  }
  return tree;
}

/** Whether any text node of `node` holds what an autolink literal needs (`@`, `www`, `http`, any case). */
function hasAutolinkCandidate(node: Nodes): boolean {
  if (node.type === "text") return AUTOLINK_VALUE_RE.test(node.value);
  if (!("children" in node)) return false;
  for (const child of node.children) if (hasAutolinkCandidate(child)) return true;
  return false;
}

/**
 * Replaces every character of `[start, end)` except line breaks with a space, so a block that
 * must not be read as Markdown (an unsupported `---js` frontmatter) keeps every later position.
 */
export function blankOut(text: string, start: number, end: number): string {
  return text.slice(0, start) + text.slice(start, end).replace(/[^\r\n]/g, " ") + text.slice(end);
}
