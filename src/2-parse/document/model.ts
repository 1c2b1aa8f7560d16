/**
 * The HandoffDocument model: built once per file by {@link parseDocument} and handed read-only to
 * every rule. Rules never re-parse.
 */
import type { Root } from "mdast";
import type { LoadProblem } from "../../1-load/read.js";
import type { Frontmatter } from "./frontmatter.js";
import type { JsonRecord } from "./json-record.js";
import type { SkippedMarkdown } from "./markdown-limits.js";
import type { LineIndex } from "./position.js";
import type { Section } from "./sections.js";

/** Line endings found in a text. `mixed` when more than one kind occurs. */
export type LineEnding = "lf" | "crlf" | "cr" | "mixed" | "none";

/**
 * How a document's profile was chosen. `reference`: the document describes a format (its record
 * block is an example, see {@link HandoffDocument.formatReference}) and is checked as `generic`.
 * `guessed`: the profile was read from headings alone, no mark of the format's own (see
 * {@link HandoffDocument.profileEvidence}).
 */
export type ProfileReason = "configured" | "detected" | "guessed" | "default" | "reference";

/** One handoff document, parsed. All offsets index {@link HandoffDocument.text}. */
export interface HandoffDocument {
  /** Absolute path. */
  readonly path: string;
  /** Path relative to the working directory, `/`-separated, as printed in reports. */
  readonly displayPath: string;
  /** Raw bytes as read (BOM included). */
  readonly bytes: Uint8Array;
  /** Decoded text without the BOM; empty when {@link loadProblems} is non-empty. */
  readonly text: string;
  /** The file started with a UTF-8 BOM. */
  readonly bom: boolean;
  readonly lineEnding: LineEnding;
  readonly lines: LineIndex;
  /** Problems met while loading; when present, nothing else was parsed. */
  readonly loadProblems: readonly LoadProblem[];
  /** `markdown` for .md/.markdown/.txt (and .json files holding Markdown), `json` for JSON records. */
  readonly format: "markdown" | "json";
  /** The frontmatter block, when the document starts with one. */
  readonly frontmatter: Frontmatter | undefined;
  /** Offset where the body starts (after the frontmatter block, else 0). */
  readonly bodyOffset: number;
  /** mdast of the Markdown (undefined for JSON records). */
  readonly mdast: Root | undefined;
  /**
   * Blocks of the body not given to the Markdown parsers (hostile nesting or delimiter counts, see
   * `markdown-limits.ts`): absent from {@link mdast}, blank for markdownlint, still in {@link text}.
   */
  readonly markdownSkipped?: readonly SkippedMarkdown[];
  /** Top-level sections in document order. */
  readonly sections: readonly Section[];
  /** The JSON record: the whole `.json` file, or a fenced verified-delivery block in Markdown. */
  readonly record: JsonRecord | undefined;
  /**
   * Set when the Markdown document describes the verified-delivery format: why its record block is
   * an example on a reference page (placeholder values, page signals), not its record — then
   * {@link record} is undefined. See `reference-page.ts`.
   */
  readonly formatReference?: string;
  /** The id of the profile the document is checked against. */
  profileId: string;
  /** Why that profile. */
  profileReason: ProfileReason;
  /** With `profileReason` `guessed`: the headings the guess was made from, as written. */
  profileEvidence?: readonly string[];
}

/** Classifies the line endings of `text`. */
export function detectLineEnding(text: string): LineEnding {
  let lf = 0;
  let crlf = 0;
  let cr = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) {
        crlf++;
        i++;
      } else cr++;
    } else if (c === 10) lf++;
  }
  const kinds = (lf > 0 ? 1 : 0) + (crlf > 0 ? 1 : 0) + (cr > 0 ? 1 : 0);
  if (kinds === 0) return "none";
  if (kinds > 1) return "mixed";
  return lf > 0 ? "lf" : crlf > 0 ? "crlf" : "cr";
}
