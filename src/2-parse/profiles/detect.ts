/**
 * Profile detection. Order (formats notes): an explicit `--profile` or config setting, then the
 * document's own markers, then `generic`.
 */
import { VERIFIED_DELIVERY_SCHEMA } from "../document/json-record.js";
import type { HandoffDocument } from "../document/model.js";
import { normalizeHeading } from "../roles/roles.js";
import type { Section } from "../document/sections.js";
import { SNO_CUTOVER_EOF, SNO_RECORD_START, contractProfile, markerLineOffset } from "./builtin.js";
import type { Profile } from "./profile.js";

/** Prefix of every verified-delivery schema id (the format names its versions `handoff-vN`). */
const VERIFIED_DELIVERY_PREFIX = "verified-delivery/";
const HATCH3R_MARK_FIELDS = ["source_agent", "target_agent", "git_ref", "integrity", "completeness", "confidence"];
/**
 * `# HANDOFF <scope> <timestamp-or-version>`: the last word is a UTC stamp, a date or a version.
 * The scope follows the word itself: a dash or bar after it (`# HANDOFF – Billing app v2.0`) is a
 * writer's own title, set off the way titles are, not the contract's.
 */
const CONTRACT_TITLE_RE = /^HANDOFF\s+(?![\p{Pd}|·])\S.*\s(?:\d{8}T\d{4}Z?|\d{4}-\d{2}-\d{2}(?:T[\d:]+Z?)?|v\d+(?:\.\d+)*)$/u;
const CONTRACT_HEADINGS = new Set(contractProfile.sections.map((s) => normalizeHeading(s.title)));

/**
 * The id of the built-in profile whose markers `document` carries:
 * - `hatch3r`: frontmatter `type: handoff` and at least one other hatch3r field;
 * - `verified-delivery`: a JSON record whose `"schema"` starts with `verified-delivery/` (v1 is
 *   `verified-delivery/handoff-v1`; other values get a schema finding);
 * - `sno`: a `<!-- machine-record:start -->` line or a `<!-- AGENT_CUTOVER_EOF -->` line;
 * - `contract`: a first heading `# HANDOFF <scope> <timestamp-or-version>`, or three or more of the contract's own headings
 *   including "Verified facts";
 * - else `generic`.
 */
export function detectProfileId(document: HandoffDocument): string {
  const data = document.frontmatter?.data;
  if (data && data.type === "handoff" && HATCH3R_MARK_FIELDS.some((f) => f in data)) return "hatch3r";
  // A Markdown document's record is a fenced block holding the schema id (`findFencedRecord`):
  // without that text there is none, and the Markdown need not be parsed to know it.
  const mayHaveRecord = document.format === "json" || document.text.includes(VERIFIED_DELIVERY_SCHEMA);
  const record = mayHaveRecord ? document.record?.data : undefined;
  const schema = record && typeof record === "object" ? (record as Record<string, unknown>).schema : undefined;
  // Any `verified-delivery/…` schema value marks the format, not only the exact v1 value: a record
  // naming another version (`…/handoff-v2`, a typo) must be checked, and its schema finding
  // reported, instead of falling through to `generic`, where a JSON file gets no check at all.
  if (typeof schema === "string" && schema.startsWith(VERIFIED_DELIVERY_PREFIX)) {
    return "verified-delivery";
  }
  if (mayHaveRecord && document.record && document.record.raw.includes(VERIFIED_DELIVERY_SCHEMA)) return "verified-delivery";
  if (document.format === "markdown") {
    if (markerLineOffset(document.text, SNO_RECORD_START) !== -1 || markerLineOffset(document.text, SNO_CUTOVER_EOF) !== -1) return "sno";
    // Reading `sections` parses the Markdown: skipped when no heading can carry a contract mark.
    // Headings start after the frontmatter (which ends where remark-frontmatter ends it, or is blanked).
    const body = document.text.slice(document.bodyOffset);
    if (headingsMayMarkContract(body)) {
      // (Blocks past the parser's limits are blanked before parsing: then only the tree tells.)
      const title = document.markdownSkipped ? undefined : plainFirstTitle(document.text, document.bodyOffset);
      if (title !== undefined && CONTRACT_TITLE_RE.test(title)) return "contract";
      // A plain first title rules out the first mark: only a "Verified facts" heading is left.
      if ((title === undefined || headingsMayMarkContract(body, true)) && sectionsMarkContract(document.sections)) return "contract";
    }
  }
  return "generic";
}

/**
 * The contract's marks in a document's sections: a first heading `# HANDOFF <scope> <stamp>`, or
 * three or more of the contract's headings including "Verified facts".
 */
export function sectionsMarkContract(sections: readonly Section[]): boolean {
  const first = sections[0];
  if (first && first.depth === 1 && CONTRACT_TITLE_RE.test(first.title)) return true;
  const contractHeadings = sections.filter((s) => CONTRACT_HEADINGS.has(s.normalized));
  return contractHeadings.length >= 3 && contractHeadings.some((s) => s.normalized === "verified facts");
}

/** Whether the contract's own title `# HANDOFF <scope> <stamp>` opens `document` (else its headings alone marked it). */
function contractTitleMarks(document: HandoffDocument): boolean {
  const title = document.markdownSkipped ? undefined : plainFirstTitle(document.text, document.bodyOffset);
  if (title !== undefined) return CONTRACT_TITLE_RE.test(title);
  const first = document.sections[0];
  return Boolean(first && first.depth === 1 && CONTRACT_TITLE_RE.test(first.title));
}

/** Characters Markdown could read as markup (or a closing sequence) in a heading's text. */
const MARKUP_CHAR_RE = /[\\`*_[\]<>&!~#|]/;
const isSpace = (c: string | undefined): boolean => c === " " || c === "\t";

/** The title of a `# title` line (CommonMark ATX, level 1, at column 0) when it holds no markup character. */
function plainH1Title(line: string): string | undefined {
  if (line[0] !== "#" || !isSpace(line[1])) return undefined;
  let end = line.length;
  while (end > 1 && isSpace(line[end - 1])) end--;
  let close = end;
  while (close > 1 && line[close - 1] === "#") close--;
  if (close < end && isSpace(line[close - 1])) end = close;
  const content = line.slice(1, end);
  if (MARKUP_CHAR_RE.test(content)) return undefined;
  const title = content.normalize("NFC").trim();
  return title === "" ? undefined : title;
}

/**
 * The title of the first section when the body's first non-blank line is a level-1 ATX heading at
 * column 0 with plain text (no markup characters, so its text is its title, NFC-normalized as in
 * `sections.ts`); undefined otherwise (then read `document.sections`). Nothing can precede that
 * line, so it is the first section whatever follows.
 */
export function plainFirstTitle(text: string, bodyOffset: number): string | undefined {
  let at = bodyOffset;
  while (at < text.length) {
    let end = at;
    while (end < text.length && text[end] !== "\n" && text[end] !== "\r") end++;
    const line = text.slice(at, end);
    if (!/^[ \t]*$/.test(line)) return plainH1Title(line);
    at = end + (text[end] === "\r" && text[end + 1] === "\n" ? 2 : 1);
  }
  return undefined;
}

/** Lines that can open a top-level ATX heading, and setext underlines; CommonMark blank lines. */
const ATX_LINE_RE = /^ {0,3}#/;
const SETEXT_UNDERLINE_RE = /^ {0,3}(?:=+|-+)[ \t]*$/;
const BLANK_LINE_RE = /^[ \t]*$/;
/**
 * A character reference (`&#72;`, `&#x56;`, `&ee;`): the one construct whose text holds letters
 * its source does not.
 */
const CHARACTER_REFERENCE_RE = /&(?:#\d{1,7}|#x[\dA-F]{1,6}|[A-Z][A-Z\d]{0,31});/i;

/** Whether `word`'s characters occur in `text` in order (not necessarily together). Linear. */
function hasSubsequence(text: string, word: string): boolean {
  let found = 0;
  for (let i = 0; i < text.length && found < word.length; i++) if (text[i] === word[found]) found++;
  return found === word.length;
}

/**
 * Whether heading source may read "HANDOFF" (upper case, as {@link CONTRACT_TITLE_RE} wants;
 * unless `titleDecided`) or "verified facts" (any case, as {@link normalizeHeading} compares) once
 * parsed. A heading's text keeps its source's characters in order and only drops some (markup,
 * link destinations, HTML, line breaks), so those letters must occur in order in the source, after
 * NFKC and lower-casing as the comparison applies them; only a character reference brings letters
 * of its own. (A bare `&` reads " and " in {@link normalizeHeading}, which no mark holds.)
 */
function mayMark(source: string, titleDecided: boolean): boolean {
  const folded = source.normalize("NFKC");
  if (CHARACTER_REFERENCE_RE.test(folded)) return true;
  return (!titleDecided && hasSubsequence(folded, "HANDOFF")) || hasSubsequence(folded.toLowerCase(), "verifiedfacts");
}

/**
 * Whether some heading of `text` may mark the contract
 * format (a `# HANDOFF …` title or a "Verified facts" heading): false only when no ATX heading
 * line and no run of lines above a setext underline may read either ({@link mayMark}). A superset
 * check (true does not mean a mark), linear in the text: each line is read once for the paragraph
 * it may belong to.
 * @param titleDecided the first section's title is known already (`plainFirstTitle`): only a
 * "Verified facts" heading is looked for.
 */
export function headingsMayMarkContract(text: string, titleDecided = false): boolean {
  const lines = text.split(/\r\n|\r|\n/);
  let paragraphStart = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (BLANK_LINE_RE.test(line)) {
      paragraphStart = i + 1;
    } else if (ATX_LINE_RE.test(line)) {
      if (mayMark(line, titleDecided)) return true;
      paragraphStart = i + 1;
    } else if (i > paragraphStart && SETEXT_UNDERLINE_RE.test(line)) {
      // A top-level paragraph always ends at an underline (as a setext heading).
      if (mayMark(lines.slice(paragraphStart, i).join("\n"), titleDecided)) return true;
      paragraphStart = i + 1;
    }
  }
  return false;
}

/**
 * Sets `document.profileId` and `profileReason` (`reference` for a generic document whose record
 * block is an example on a page describing the format).
 * @param configured a profile id from `--profile` or config; must name a known profile.
 * @param known the profiles available (built-in and the team's own).
 */
export function assignProfile(document: HandoffDocument, configured: string | undefined, known: ReadonlyMap<string, Profile>): Profile {
  if (configured && known.has(configured)) {
    document.profileId = configured;
    document.profileReason = "configured";
  } else {
    const id = detectProfileId(document);
    document.profileId = id;
    document.profileReason = id === "generic" ? "default" : "detected";
    if (id === "contract" && !contractTitleMarks(document)) {
      document.profileReason = "guessed";
      document.profileEvidence = document.sections.filter((s) => CONTRACT_HEADINGS.has(s.normalized)).map((s) => s.title);
    }
    // A page describing the verified-delivery format (its record block an example) is no record.
    if (id === "generic" && document.format === "markdown" && document.text.includes(VERIFIED_DELIVERY_SCHEMA) && document.formatReference) {
      document.profileReason = "reference";
    }
  }
  return known.get(document.profileId) ?? (known.get("generic") as Profile);
}
