/**
 * Parse stage: one {@link SourceFile} → one {@link HandoffDocument}. Never throws for document
 * content; every problem is kept on the model for the rules to report.
 */
import type { SourceFile } from "../load/read.js";
import { locateFrontmatter, parseFrontmatter, type Frontmatter } from "./frontmatter.js";
import { findFencedRecord, parseJsonRecord, type JsonRecord } from "./json-record.js";
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
  let frontmatter: Frontmatter | undefined;
  let markdownText = text;
  let bodyOffset = 0;
  const location = locateFrontmatter(text);
  if (location) {
    if (location.closed) {
      frontmatter = parseFrontmatter(text, location, lines);
      bodyOffset = location.end;
      // remark-frontmatter reads `---` and `+++` blocks itself; anything else must not become
      // Markdown (a `---js` block would otherwise turn into a setext heading).
      if (location.language !== "yaml" && location.language !== "toml") {
        markdownText = blankOut(text, location.start, location.end);
      }
    } else {
      // The finding covers the opening fence line without its line ending (LF, CRLF or CR), so
      // LF and CRLF copies of a file get the same range, and a fence at the very end keeps its
      // last character.
      let fenceEnd = Math.min(text.length, location.contentStart);
      while (fenceEnd > 0 && (text[fenceEnd - 1] === "\n" || text[fenceEnd - 1] === "\r")) fenceEnd--;
      frontmatter = {
        language: location.language,
        range: lines.range(0, Math.min(text.length, location.contentStart)),
        raw: "",
        contentOffset: location.contentStart,
        data: undefined,
        problems: [
          {
            code: "unclosed",
            message: "Frontmatter opened on line 1 is never closed; the document is read as Markdown without frontmatter",
            offset: 0,
            endOffset: fenceEnd,
          },
        ],
        yaml: undefined,
      };
    }
  }
  if (options.markdown === false) {
    return { ...base, format: "markdown", frontmatter, bodyOffset, mdast: undefined, sections: [], record: undefined };
  }
  // Blocks beyond the parser's limits are blanked first: micromark is quadratic in unmatched
  // delimiters and in nesting depth, and overflows the stack past ~4,000 levels (markdown-limits.ts).
  const limited = limitMarkdown(markdownText, bodyOffset);
  const mdast = parseMarkdown(limited.text);
  const sections = buildSections(mdast, text, lines);
  const fenced = findFencedRecord(mdast, text);
  const record: JsonRecord | undefined = fenced ? parseJsonRecord(fenced.raw, fenced.offset, "fence") : undefined;
  const markdownSkipped = limited.skipped.length > 0 ? { markdownSkipped: limited.skipped } : {};
  return { ...base, format: "markdown", frontmatter, bodyOffset, mdast, sections, record, ...markdownSkipped };
}
