/**
 * Sections: each top-level heading of the mdast (ATX with or without closing #s, or setext) with
 * the content that follows it. Headings inside code fences, HTML comments, blockquotes and lists are
 * not top-level mdast headings, so they never open a section.
 */
import type { Heading, Root, RootContent } from "mdast";
import { toString } from "mdast-util-to-string";
import type { LineIndex, Range } from "./position.js";
import { holdsOrderedInstructions, leadsInNextStep, type InferenceBasis } from "../roles/role-body.js";
import { classifyHeading, normalizeHeading, type SectionRole } from "../roles/roles.js";

/** One section of a Markdown handoff. */
export interface Section {
  /** Heading text with inline markup stripped, Unicode NFC, trimmed. */
  title: string;
  /** {@link normalizeHeading} of the title, for comparisons. */
  normalized: string;
  /** Heading level, 1–6. */
  depth: number;
  /** `atx` (`## Title`) or `setext` (underlined with `===` or `---`). */
  style: "atx" | "setext";
  /** What the section is for, when recognised: the primary of {@link roles}. */
  role: SectionRole | undefined;
  /** Every role its heading names, primary first (at most two; see `roles.ts`). */
  roles: readonly SectionRole[];
  /**
   * A next-action role read from the body when no heading in the document names a next step
   * (lower confidence than a heading; see `role-body.ts`).
   */
  inferred?: { role: "next-action"; basis: InferenceBasis };
  /** The heading node. */
  heading: Heading;
  /** Range of the heading itself. */
  headingRange: Range;
  /** From the heading to the next heading of the same or a higher level (or the end). */
  range: Range;
  /** Top-level nodes from the heading to the next heading of the same or higher level. */
  content: RootContent[];
  /** Top-level nodes from the heading to the next heading of any level (own text only). */
  ownContent: RootContent[];
  /** Position in document order, 0-based. */
  index: number;
}

/**
 * Builds the sections of `root`.
 * @param text the text `root` was parsed from (to tell ATX from setext).
 */
export function buildSections(root: Root, text: string, lines: LineIndex): Section[] {
  const children = root.children;
  const headings: number[] = [];
  children.forEach((node, i) => {
    if (node.type === "heading") headings.push(i);
  });
  const sections: Section[] = [];
  headings.forEach((childIndex, h) => {
    const heading = children[childIndex] as Heading;
    const start = heading.position?.start.offset ?? 0;
    const headingEnd = heading.position?.end.offset ?? start;
    let endIndex = children.length;
    for (let k = h + 1; k < headings.length; k++) {
      const next = children[headings[k] as number] as Heading;
      if (next.depth <= heading.depth) {
        endIndex = headings[k] as number;
        break;
      }
    }
    const nextAny = headings[h + 1] ?? children.length;
    const end = endIndex < children.length ? (children[endIndex]?.position?.start.offset ?? text.length) : text.length;
    // A setext heading spans lines: its title is one line, whatever the line endings (LF, CRLF, CR),
    // so messages stay on one line and CRLF copies give the same findings.
    const title = toString(heading, { includeHtml: false })
      .normalize("NFC")
      .replace(/[ \t]*(?:\r\n|\r|\n)[ \t]*/g, " ")
      .trim();
    const roles = classifyHeading(title, { title: h === 0 && heading.depth === 1 });
    sections.push({
      title,
      normalized: normalizeHeading(title),
      depth: heading.depth,
      style: /^[ \t]{0,3}#/.test(text.slice(start, start + 8)) ? "atx" : "setext",
      role: roles[0],
      roles,
      heading,
      headingRange: lines.range(start, headingEnd),
      range: lines.range(start, trimEnd(text, headingEnd, end)),
      content: children.slice(childIndex + 1, endIndex),
      ownContent: children.slice(childIndex + 1, nextAny),
      index: h,
    });
  });
  inferNextAction(sections);
  return sections;
}

/** True when `section`'s heading names `role` (primary or secondary). */
export function hasRole(section: { roles: readonly SectionRole[] }, role: SectionRole): boolean {
  return section.roles.includes(role);
}

/** The smallest heading level with at least two sections: the level that structures the document. */
export function structuralDepth(sections: readonly { depth: number }[]): number | undefined {
  for (let depth = 1; depth <= 6; depth++) {
    if (sections.filter((s) => s.depth === depth).length >= 2) return depth;
  }
  return sections[0]?.depth;
}

/**
 * When no heading names a next step: marks the closing section whose body is an ordered list of
 * instructions, else a summary section that leads in a next step (see `role-body.ts`).
 */
function inferNextAction(sections: Section[]): void {
  if (sections.some((s) => hasRole(s, "next-action"))) return;
  const depth = structuralDepth(sections);
  const closing = [...sections].reverse().find((s) => s.depth === depth);
  if (closing && holdsOrderedInstructions(closing.content)) {
    closing.inferred = { role: "next-action", basis: "ordered-instructions" };
    return;
  }
  const summary = sections.find((s) => s.roles.length === 0 && leadsInNextStep(s.title, s.ownContent));
  if (summary) summary.inferred = { role: "next-action", basis: "summary-lead-in" };
}

/** Moves `end` back over trailing white space, but not before `min`. */
function trimEnd(text: string, min: number, end: number): number {
  let e = end;
  while (e > min && /\s/.test(text[e - 1] ?? "")) e--;
  return e;
}

/**
 * True when a section has no real content: nothing, or only placeholders such as `TBD`, `TODO`,
 * `N/A`, `-`, `…`, `<fill in>`. "None" is an answer (no blockers), not a placeholder.
 * @param skipped blocks left unparsed (`HandoffDocument.markdownSkipped`): a section holding one
 * has content nobody has read, so it is not called empty (`markdown-limits` reports the block).
 */
export function isSectionEmpty(section: Section, skipped: readonly { offset: number }[] = []): boolean {
  if (skipped.some((block) => block.offset >= section.range.start.offset && block.offset < section.range.end.offset)) return false;
  const text = section.content
    .filter((node) => node.type !== "html" || !/^<!--[\s\S]*-->$/.test(node.value.trim()))
    .map((node) => (node.type === "heading" ? "" : toString(node)))
    .join(" ")
    .trim();
  if (text === "") {
    // Tables, code, images count as content even without text.
    return !section.content.some((node) => node.type === "code" || node.type === "table" || node.type === "image");
  }
  return /^(?:tbd|todo|n\/?a|-+|…|\.\.\.|\?+|<[^>]{0,60}>|\[[^\]]{0,60}\]|\(?(?:fill in|to be filled|placeholder)[^)]{0,40}\)?)\.?$/i.test(text);
}
