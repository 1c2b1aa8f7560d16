/**
 * The text runs of a document that the injection rules read, each with its normalized view
 * ({@link normalizeSegments}). Built once per document and shared by the nine `injection-*` rules.
 *
 * Runs: body text (paragraphs, table cells, list items' paragraphs, block quotes), headings,
 * code (fenced and indented blocks: an agent reads them as well), HTML (comments and raw tags),
 * link and image URLs and titles, image alt text, link reference definitions, frontmatter string
 * values, and the string values of a JSON record.
 */
import type { Nodes, Parents, PhrasingContent, Root } from "mdast";
import type { Node as JsonNode } from "jsonc-parser";
import { walkTree, type FrontmatterNode } from "../../2-parse/document/frontmatter-tree.js";
import type { HandoffDocument } from "../../2-parse/document/model.js";
import { normalizeSegments, type NormalizedText, type TextSegment } from "./normalize.js";

/** What part of the document a run comes from. */
export type RunKind = "text" | "heading" | "code" | "comment" | "html" | "url" | "title" | "alt" | "definition" | "frontmatter" | "json";

/** One run of text. */
export interface TextRun {
  readonly kind: RunKind;
  /** Not shown by a Markdown renderer (HTML comments, link reference definitions). */
  readonly hidden: boolean;
  /** Document offset of the run's first character. */
  readonly offset: number;
  /** The original text (segments concatenated). */
  readonly raw: string;
  readonly normalized: NormalizedText;
  /** Heading level, for `heading` runs. */
  readonly depth?: number;
}

const cache = new WeakMap<HandoffDocument, readonly TextRun[]>();

/** The runs of `document`, in document order (cached per document). */
export function textRuns(document: HandoffDocument): readonly TextRun[] {
  let runs = cache.get(document);
  if (!runs) {
    runs = collect(document);
    cache.set(document, runs);
  }
  return runs;
}

function makeRun(kind: RunKind, segments: TextSegment[], extra: { hidden?: boolean; depth?: number } = {}): TextRun | undefined {
  const raw = segments.map((s) => s.text).join("");
  if (raw.trim() === "") return undefined;
  const run: TextRun = {
    kind,
    hidden: extra.hidden ?? false,
    offset: segments[0]?.offset ?? 0,
    raw,
    normalized: normalizeSegments(segments),
    ...(extra.depth !== undefined ? { depth: extra.depth } : {}),
  };
  return run;
}

/** A segment for `value` found somewhere in the source span of `node`. */
function nodeSegment(text: string, node: Nodes, value: string): TextSegment | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return undefined;
  const source = text.slice(start, end);
  const at = source.indexOf(value);
  if (at >= 0) return { text: value, offset: start + at };
  return { text: value, offset: start, source };
}

function collect(document: HandoffDocument): TextRun[] {
  const runs: TextRun[] = [];
  const push = (run: TextRun | undefined): void => {
    if (run) runs.push(run);
  };
  if (document.frontmatter?.tree) collectFrontmatter(document, push);
  if (document.mdast) collectMarkdown(document.text, document.mdast, push);
  // Blocks the Markdown parser declined (markdown-limits) are read as plain text: what a renderer
  // would not parse, an agent still reads.
  for (const block of document.markdownSkipped ?? []) push(skippedRun(document.text, block.offset, block.endOffset));
  if (document.record?.tree) collectJson(document.record.tree, document.record.raw, document.record.offset, push);
  return runs;
}

/**
 * Runs of emphasis, link and code delimiters of a declined block (what made the parser decline
 * it); a single one stays, as in `im_start` or `snake_case`.
 */
const DELIMITERS = /[*_~[\]()`]{3,}/g;
/** Container markers opening a line of a declined block: block quotes and list bullets. */
const CONTAINERS = /^(?:[ \t]{0,3}(?:>|[-+*][ \t]|\d{1,9}[.)][ \t]))+/gm;

/** A declined block as one text run: its markup as spaces (so its offsets stay the text's). */
function skippedRun(text: string, offset: number, endOffset: number): TextRun | undefined {
  const raw = text.slice(offset, endOffset);
  const plain = raw.replace(CONTAINERS, (markers) => " ".repeat(markers.length)).replace(DELIMITERS, (run) => " ".repeat(run.length));
  return makeRun("text", [{ text: plain, offset }]);
}

function collectFrontmatter(document: HandoffDocument, push: (run: TextRun | undefined) => void): void {
  const frontmatter = document.frontmatter;
  if (!frontmatter?.tree) return;
  const text = document.text;
  const pushScalar = (node: FrontmatterNode | undefined): void => {
    if (node?.kind !== "scalar" || typeof node.value !== "string") return;
    push(makeRun("frontmatter", [{ text: node.value, offset: node.offset, source: text.slice(node.offset, node.endOffset) }]));
  };
  // Every string value and list item, in any frontmatter language; keys are not scanned.
  walkTree(frontmatter.tree, { entry: (entry) => pushScalar(entry.value), item: pushScalar });
}

function collectJson(node: JsonNode, raw: string, base: number, push: (run: TextRun | undefined) => void): void {
  const stack: JsonNode[] = [node];
  while (stack.length > 0) {
    const current = stack.pop() as JsonNode;
    if (current.type === "string" && typeof current.value === "string") {
      const isKey = current.parent?.type === "property" && current.parent.children?.[0] === current;
      if (!isKey) {
        const source = raw.slice(current.offset, current.offset + current.length);
        push(makeRun("json", [{ text: current.value, offset: base + current.offset, source }]));
      }
    }
    for (const child of [...(current.children ?? [])].reverse()) stack.push(child);
  }
}

/** Inline content gathered into one run; URLs, titles and inline HTML become their own runs. */
function collectInline(text: string, children: readonly PhrasingContent[], segments: TextSegment[], push: (run: TextRun | undefined) => void): void {
  for (const child of children) {
    switch (child.type) {
      case "text":
      case "inlineCode": {
        const segment = nodeSegment(text, child, child.value);
        if (segment) segments.push(segment);
        break;
      }
      case "break":
        segments.push({ text: "\n", offset: child.position?.start.offset ?? 0 });
        break;
      case "html":
        pushHtml(text, child, push);
        break;
      case "image":
        pushLinkParts(text, child, child.url, child.title, push);
        if (child.alt) {
          const segment = nodeSegment(text, child, child.alt);
          if (segment) push(makeRun("alt", [segment]));
        }
        break;
      case "link":
        pushLinkParts(text, child, child.url, child.title, push);
        collectInline(text, child.children, segments, push);
        break;
      default:
        if ("children" in child) collectInline(text, child.children as PhrasingContent[], segments, push);
    }
  }
}

function pushLinkParts(
  text: string,
  node: Nodes,
  url: string,
  title: string | null | undefined,
  push: (run: TextRun | undefined) => void,
  hidden = false,
): void {
  const urlSegment = url ? nodeSegment(text, node, url) : undefined;
  if (urlSegment) push(makeRun(hidden ? "definition" : "url", [urlSegment], { hidden }));
  const titleSegment = title ? nodeSegment(text, node, title) : undefined;
  if (titleSegment) push(makeRun(hidden ? "definition" : "title", [titleSegment], { hidden }));
}

function pushHtml(text: string, node: Nodes & { value: string }, push: (run: TextRun | undefined) => void): void {
  const segment = nodeSegment(text, node, node.value);
  if (!segment) return;
  const comment = /^\s*<!--/.test(node.value);
  push(makeRun(comment ? "comment" : "html", [segment], { hidden: comment }));
}

function collectMarkdown(text: string, root: Root, push: (run: TextRun | undefined) => void): void {
  const walk = (parent: Parents): void => {
    for (const node of parent.children) {
      switch (node.type) {
        case "yaml":
        case "toml" as string:
          break;
        case "heading": {
          const segments: TextSegment[] = [];
          collectInline(text, node.children, segments, push);
          push(makeRun("heading", segments, { depth: node.depth }));
          break;
        }
        case "paragraph":
        case "tableCell": {
          const segments: TextSegment[] = [];
          collectInline(text, node.children, segments, push);
          push(makeRun("text", segments));
          break;
        }
        case "code": {
          const segment = nodeSegment(text, node, node.value);
          if (segment) push(makeRun("code", [segment]));
          break;
        }
        case "html":
          pushHtml(text, node, push);
          break;
        case "definition":
          pushLinkParts(text, node, node.url, node.title, push, true);
          break;
        default:
          if ("children" in node) walk(node as Parents);
      }
    }
  };
  walk(root);
}
