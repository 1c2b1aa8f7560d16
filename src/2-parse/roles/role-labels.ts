/**
 * Label lines: a section role named by a label at the start of a paragraph or list item rather
 * than by a heading — "**Recommended next step:** …", "Next ready work item:", "待办：…", or, in a
 * plain-text handover (no Markdown headings at all), a short line standing alone at the top of a
 * paragraph ("Recommended next step" with the step on the line below).
 *
 * A label is read by the one heading classifier (`roles.ts`), so it covers every language and
 * wording a heading does; it is a weaker statement than a heading, and callers say so.
 *
 * Three shapes count, each at the start of a top-level paragraph or of a list item's first
 * paragraph (lists nested at most {@link MAX_LIST_DEPTH} deep):
 * - `strong`: bold or emphasised text that ends with a colon, is followed by one, or fills the
 *   paragraph's first line ("**Next step:** …", "**Next step**: …");
 * - `colon`: a line-start label of at most {@link MAX_LABEL_WORDS} words (or
 *   {@link MAX_CJK_LABEL_CHARS} CJK characters) ending with `:` or `：`;
 * - `line`: in a document with no headings, the first line of a paragraph with more lines, short
 *   and without sentence punctuation.
 * At most {@link MAX_LABEL_NODES} paragraphs are read, each to its first line, so the cost stays
 * linear whatever the document.
 */
import type { List, Paragraph, PhrasingContent, Root, RootContent } from "mdast";
import { toString } from "mdast-util-to-string";
import { classifyHeading, type SectionRole } from "./roles.js";
import { hasCjk } from "./role-text.js";

/** How a label was written. */
export type LabelShape = "strong" | "colon" | "line";

/** A role named by a label. */
export interface RoleLabel {
  /** The label's text, without its colon. */
  text: string;
  /** Its roles, primary first (never empty). */
  roles: readonly SectionRole[];
  shape: LabelShape;
  /** Offset of the paragraph that starts with it. */
  offset: number;
}

/** Paragraphs read per document. */
export const MAX_LABEL_NODES = 2000;
/** List nesting read below a top-level list. */
export const MAX_LIST_DEPTH = 2;
/** Words of a line-start label. */
export const MAX_LABEL_WORDS = 6;
/** Characters of a CJK line-start label. */
export const MAX_CJK_LABEL_CHARS = 12;
/** Characters of a plain-text label line. */
const MAX_LINE_LABEL_CHARS = 60;

const COLON_END = /[:：]\s*$/u;
const COLON_START = /^\s*[:：]/u;
/** A line-start label: up to the first colon of the line (a full-width colon needs no space after it). */
const LINE_LABEL = /^([^:：\n\r]{1,80})(?::(?:\s|$)|：)/u;
/**
 * What follows a label, or fills a section, when it says there is nothing ("Features remaining:
 * 0", "Next steps: none", "Blockers — keine"): the label names no step then, the section no work.
 */
export const NIL_ANSWER =
  /^\s*(?:[0—–无]|none|nothing|n\/?a|nil|-+|keine?s?|nichts|aucune?|rien|ninguno|ninguna|nada|nessuno|niente|nenhum|nenhuma|нет|немає|没有|なし|無し|없음)\s*(?:[.!。]\s*)?$/iu;
/** Sentence punctuation: a line holding it is a sentence, not a label. */
const SENTENCE_MARK = /[.!?。！？,;，；]/u;

/** The paragraphs where a label may start: top-level ones and each list item's first one. */
function labelParagraphs(root: Root): Array<{ paragraph: Paragraph; inItem: boolean }> {
  const found: Array<{ paragraph: Paragraph; inItem: boolean }> = [];
  const fromList = (list: List, depth: number) => {
    for (const item of list.children) {
      if (found.length >= MAX_LABEL_NODES) return;
      const [first, ...rest] = item.children;
      if (first?.type === "paragraph") found.push({ paragraph: first, inItem: true });
      if (depth < MAX_LIST_DEPTH) for (const child of rest) if (child.type === "list") fromList(child, depth + 1);
    }
  };
  for (const node of root.children as RootContent[]) {
    if (found.length >= MAX_LABEL_NODES) break;
    if (node.type === "paragraph") found.push({ paragraph: node, inItem: false });
    else if (node.type === "list") fromList(node, 0);
  }
  return found;
}

/** The text of `nodes` up to the first line break (hard or soft). */
function firstLine(nodes: readonly PhrasingContent[]): string {
  let text = "";
  for (const node of nodes) {
    if (node.type === "break") break;
    const value = toString(node);
    const cut = value.search(/\r\n|\r|\n/);
    if (cut >= 0) return text + value.slice(0, cut);
    text += value;
    if (text.length > 200) break;
  }
  return text;
}

function shortLabel(text: string): boolean {
  const label = text.trim();
  if (label === "" || SENTENCE_MARK.test(label)) return false;
  return hasCjk(label) ? [...label].length <= MAX_CJK_LABEL_CHARS : label.split(/\s+/).length <= MAX_LABEL_WORDS;
}

/**
 * The label a paragraph starts with, and its shape, or undefined. `inItem`: the paragraph opens a
 * list item, where bold text alone is an item of its own ("- **Owner**"), not a label.
 */
function labelOf(paragraph: Paragraph, plainText: boolean, inItem: boolean): { text: string; shape: LabelShape } | undefined {
  const [head, next] = paragraph.children;
  if (!head) return undefined;
  const rest = toString({ type: "paragraph", children: paragraph.children.slice(1) });
  if (head.type === "strong" || head.type === "emphasis") {
    const text = toString(head).trim();
    const nextText = next === undefined ? "" : next.type === "text" ? next.value : next.type === "break" ? "\n" : " ";
    const endsLine = next === undefined || next.type === "break" || /^[ \t]*(?:\r\n|\r|\n)/.test(nextText);
    if (inItem && rest.trim() === "") return undefined;
    if (COLON_END.test(text) || COLON_START.test(nextText) || endsLine) {
      const label = text.replace(COLON_END, "").trim();
      if (shortLabel(label) && !NIL_ANSWER.test(rest.replace(COLON_START, ""))) return { text: label, shape: "strong" };
    }
    return undefined;
  }
  // A line-start label is plain words: "`tasks[]`: …" describes a field, not a role.
  if (head.type !== "text") return undefined;
  const colon = LINE_LABEL.exec(head.value);
  if (colon?.[1] && shortLabel(colon[1])) {
    return NIL_ANSWER.test(toString(paragraph).slice(colon[0].length)) ? undefined : { text: colon[1].trim(), shape: "colon" };
  }
  const line = firstLine(paragraph.children);
  if (plainText && line.length <= MAX_LINE_LABEL_CHARS && line.trim() !== "" && toString(paragraph).length > line.length && shortLabel(line)) {
    return { text: line.trim(), shape: "line" };
  }
  return undefined;
}

/**
 * The labels of `root` that name a role, in document order. `plainText`: the document has no
 * headings, so a short line alone at the top of a paragraph is read as a label too.
 */
export function findRoleLabels(root: Root | undefined, plainText: boolean): RoleLabel[] {
  if (!root) return [];
  const labels: RoleLabel[] = [];
  for (const { paragraph, inItem } of labelParagraphs(root)) {
    const label = labelOf(paragraph, plainText, inItem);
    if (!label) continue;
    const roles = classifyHeading(label.text);
    if (roles.length > 0) labels.push({ ...label, roles, offset: paragraph.position?.start.offset ?? 0 });
  }
  return labels;
}
