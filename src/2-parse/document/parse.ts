/**
 * Parse stage: one {@link SourceFile} → one {@link HandoffDocument}. Never throws for document
 * content; every problem is kept on the model for the rules to report.
 */
import type { SourceFile } from "../../1-load/read.js";
import { readFrontmatter, type Frontmatter } from "./frontmatter.js";
import { findFencedRecord, parseJsonRecord, type JsonRecord } from "./json-record.js";
import { formatReferenceReason } from "./reference-page.js";
import { limitMarkdown } from "./markdown-limits.js";
import { blankOut, parseMarkdown } from "./markdown.js";
import { detectLineEnding, type HandoffDocument } from "./model.js";
import { LineIndex } from "./position.js";
import { buildSections } from "./sections.js";

/** Options of {@link parseDocument}. */
export interface ParseOptions {
  /**
   * false: frontmatter only — no mdast, sections or fenced record (what re-checking a cached
   * result against a new clock needs: the `expiry` rule reads frontmatter and records only).
   */
  markdown?: boolean;
  /**
   * false: text and lines only — no frontmatter either (implies `markdown: false`; what the
   * `judge` phase of clock rules reads).
   */
  frontmatter?: boolean;
}

/**
 * Builds the document model. The profile is left as `generic`/`default`; the profile stage
 * ({@link ../profiles/detect.ts}) sets it.
 */
export function parseDocument(source: SourceFile, options: ParseOptions = {}): HandoffDocument {
  const text = source.text ?? "";
  const lines = new LineIndex(text);
  const base = {
    path: source.path,
    displayPath: source.displayPath,
    bytes: source.bytes,
    text,
    bom: source.bom,
    lineEnding: detectLineEnding(text),
    lines,
    loadProblems: source.problems,
    profileId: "generic",
    profileReason: "default" as const,
  };
  if (source.problems.length > 0 || source.text === undefined) {
    return { ...base, format: "markdown", frontmatter: undefined, bodyOffset: 0, mdast: undefined, sections: [], record: undefined };
  }
  if (/\.json$/i.test(source.path) && /^\s*[[{]/.test(text)) {
    const record = parseJsonRecord(text, 0, "file");
    return { ...base, format: "json", frontmatter: undefined, bodyOffset: 0, mdast: undefined, sections: [], record };
  }
  if (options.frontmatter === false) {
    return { ...base, format: "markdown", frontmatter: undefined, bodyOffset: 0, mdast: undefined, sections: [], record: undefined };
  }
  let frontmatter: Frontmatter | undefined;
  let markdownText = text;
  let bodyOffset = 0;
  const read = readFrontmatter(text, lines);
  if (read) {
    frontmatter = read.frontmatter;
    if (read.location.closed) {
      bodyOffset = read.location.end;
      // remark-frontmatter reads bare `---` and `+++` blocks itself; anything else must not become
      // Markdown (a `---json` block would otherwise turn into a setext heading).
      if (!read.location.bareFence) markdownText = blankOut(text, read.location.start, read.location.end);
    }
  }
  if (options.markdown === false) {
    return { ...base, format: "markdown", frontmatter, bodyOffset, mdast: undefined, sections: [], record: undefined };
  }
  return withLazyMarkdown({ ...base, format: "markdown", frontmatter, bodyOffset }, markdownText);
}

/** The Markdown part of a document: what the mdast parse produces. */
interface MarkdownPart {
  mdast: HandoffDocument["mdast"];
  sections: HandoffDocument["sections"];
  record: HandoffDocument["record"];
  formatReference: string | undefined;
}

/**
 * Adds `mdast`, `sections`, `record` and `markdownSkipped` as properties computed on first read
 * (then kept): the Markdown parse is most of a document's cost, and a run whose rules never read
 * the tree (`--only no-secrets`, frontmatter checks) skips it. What they hold does not depend on
 * when they are read.
 */
function withLazyMarkdown(
  head: Omit<HandoffDocument, "mdast" | "sections" | "record" | "markdownSkipped" | "formatReference">,
  markdownText: string,
): HandoffDocument {
  let part: MarkdownPart | undefined;
  let limitedText: ReturnType<typeof limitMarkdown> | undefined;
  // Blocks beyond the parser's limits are blanked first: micromark is quadratic in unmatched
  // delimiters and in nesting depth, and overflows the stack past ~4,000 levels (markdown-limits.ts).
  // A cheap scan of its own: markdownlint needs it without the tree.
  const limited = () => (limitedText ??= limitMarkdown(markdownText, head.bodyOffset));
  const markdown = (): MarkdownPart => {
    if (part) return part;
    const mdast = parseMarkdown(limited().text);
    const sections = buildSections(mdast, head.text, head.lines);
    const fenced = findFencedRecord(mdast, head.text);
    let record: JsonRecord | undefined = fenced ? parseJsonRecord(fenced.raw, fenced.offset, "fence") : undefined;
    // A page describing the format shows an example record: it is not the document's record.
    const formatReference = fenced && record ? formatReferenceReason(mdast, fenced.node, record, fenced.schemaBlocks) : undefined;
    if (formatReference) record = undefined;
    part = { mdast, sections, record, formatReference };
    return part;
  };
  return Object.defineProperties(head, {
    mdast: { get: () => markdown().mdast, enumerable: true },
    sections: { get: () => markdown().sections, enumerable: true },
    record: { get: () => markdown().record, enumerable: true },
    formatReference: { get: () => markdown().formatReference, enumerable: true },
    markdownSkipped: {
      get: () => {
        const skipped = limited().skipped;
        return skipped.length > 0 ? skipped : undefined;
      },
      enumerable: true,
    },
  }) as HandoffDocument;
}
