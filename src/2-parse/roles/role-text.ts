/**
 * Heading text shaped for the section-role classifier (`roles.ts`): folded, cut into segments
 * (the heading proper and its qualifiers) and coordinate parts, each part with its head phrase.
 *
 * Folding makes spellings meet: NFKC, lower case, German `ä ö ü ß` written as `ae oe ue ss` (so
 * "Nächste", "NAECHSTE" and "naechste" are one word), other Latin diacritics dropped ("próximos" →
 * "proximos", "étapes" → "etapes"); Cyrillic, CJK, kana and Hangul are kept as written.
 *
 * Every step is a single pass over at most {@link MAX_HEADING_CHARS} characters: the classifier
 * reads no more of a heading than that, so its cost is bounded whatever the input.
 */
import { splitHeadingSegments } from "./heading-separators.js";
import { oneByteString } from "./one-byte-string.js";

/** Characters of a heading the classifier reads; the rest of a longer heading is ignored. */
export const MAX_HEADING_CHARS = 240;

/** One segment of a heading: the text between separators (`:`, dashes, brackets, `|`, arrows). */
export interface HeadingSegment {
  /** Folded text of the segment, trimmed of punctuation and emoji. */
  text: string;
  /** The segment was in brackets: a qualifier such as "(priority order)", never the heading's subject. */
  bracketed: boolean;
  /**
   * What came before the segment: `start` (none), `colon` (`:`, `;`), `dash` (` - `, `—`, `–`, `|`),
   * `arrow` (`→`, `->`: what follows is a destination, "Session 4 → Session 5"), `bracket` (a
   * closing bracket) or `stop` (`?`, `!`, `·`, `•`, `。`). A heading whose first segment names no role
   * may take its role from a later segment introduced by a colon or a dash ("Project — Next session
   * start here"), never from text after an arrow or a bracket.
   */
  after: "start" | "colon" | "dash" | "arrow" | "bracket" | "stop";
  /** Coordinate parts: the segment cut at "and", "&", "/", "+", "," and the like. */
  parts: HeadingPart[];
}

/** One coordinate part of a segment. */
export interface HeadingPart {
  /** Folded text of the part. */
  text: string;
  /**
   * The head phrase: the words before the first post-modifier ("for", "from", "to", "für", "pour",
   * "для", …). "Hypotheses for the next session" has the head phrase "hypotheses"; what follows it
   * only qualifies it. Parts in CJK, kana or Hangul keep their whole text.
   */
  head: string;
  /** Offsets (in {@link text}) where the first three words start; a lead cue may start at one of them. */
  wordStarts: number[];
  /** Offsets where the last four words of the head phrase start: where a head noun may start. */
  headStarts: number[];
  /** The part holds CJK, kana or Hangul. */
  cjk: boolean;
}

/** A heading cut for classification. */
export interface ShapedHeading {
  /** The whole folded heading (numbering and decoration removed). */
  folded: string;
  segments: HeadingSegment[];
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * Words that open a post-modifier in the languages the classifier reads. They end a head phrase
 * only after its first word ("What we did" keeps "what" as its head phrase start).
 */
const POST_MODIFIERS = new Set([
  // English
  "for",
  "from",
  "after",
  "before",
  "since",
  "until",
  "till",
  "to",
  "of",
  "in",
  "on",
  "at",
  "with",
  "without",
  "by",
  "via",
  "per",
  "about",
  "regarding",
  "re",
  "that",
  "which",
  "who",
  "whose",
  "we",
  "i",
  "you",
  "it",
  "they",
  "during",
  "into",
  "under",
  "over",
  "against",
  "across",
  "than",
  "because",
  "so",
  "if",
  "outside",
  "beyond",
  "within",
  "around",
  "except",
  "besides",
  "including",
  "excluding",
  "vs",
  "versus",
  "like",
  "the",
  "an",
  // German (folded)
  "fuer",
  "von",
  "vom",
  "aus",
  "nach",
  "vor",
  "mit",
  "ohne",
  "bei",
  "seit",
  "bis",
  "zu",
  "zum",
  "zur",
  "ueber",
  "gegen",
  "im",
  "am",
  "an",
  "auf",
  "die",
  "der",
  "das",
  "dem",
  "den",
  "wegen",
  "waehrend",
  // French
  "pour",
  "de",
  "du",
  "des",
  "d",
  "a",
  "au",
  "aux",
  "apres",
  "avant",
  "avec",
  "sans",
  "par",
  "dans",
  "en",
  "sur",
  "chez",
  "qui",
  "que",
  "lors",
  // Spanish, Italian, Portuguese
  "para",
  "del",
  "al",
  "tras",
  "despues",
  "antes",
  "con",
  "sin",
  "por",
  "sobre",
  "desde",
  "hasta",
  "durante",
  "per",
  "di",
  "della",
  "dello",
  "dei",
  "degli",
  "delle",
  "da",
  "dal",
  "dalla",
  "dopo",
  "prima",
  "senza",
  "su",
  "che",
  "dos",
  "das",
  "do",
  "na",
  "no",
  "nas",
  "nos",
  "apos",
  "com",
  "sem",
  "em",
  "ate",
  // Russian, Ukrainian
  "для",
  "по",
  "из",
  "от",
  "после",
  "до",
  "с",
  "со",
  "без",
  "о",
  "об",
  "в",
  "во",
  "на",
  "к",
  "при",
  "за",
  "который",
  "которые",
  "з",
  "із",
  "від",
  "після",
  "про",
  "у",
  "щодо",
  "який",
  "які",
  // Swedish, Dutch
  "foer",
  "fran",
  "efter",
  "innan",
  "med",
  "utan",
  "voor",
  "van",
  "na",
  "met",
  "zonder",
]);

/** Folds a heading for classification (see the module comment). Linear in the input. */
export function foldHeadingText(text: string): string {
  return (
    text
      .slice(0, MAX_HEADING_CHARS)
      .normalize("NFKC")
      .toLowerCase()
      .replace(/[\u2018\u2019\u02bc\u00b4`]/g, "'")
      .replace(/ä/g, "ae")
      .replace(/ö/g, "oe")
      .replace(/ü/g, "ue")
      .replace(/ß/g, "ss")
      .replace(/\btl\s*;\s*dr\b/g, "tldr")
      // A quoted term is a name ('"Next action" rule engine'), not a role.
      .replace(/"[^"\n]{1,60}"|“[^”\n]{1,60}”|«[^»\n]{1,60}»|„[^“”\n]{1,60}[“”]/gu, "x")
      .normalize("NFD")
      .replace(/(\p{Script=Latin})\p{M}+/gu, "$1")
      .normalize("NFC")
  );
}

/** Leading numbering ("1.", "2.3", "A)", "IV.", "Step 4:", "#1"), emoji and punctuation. */
function stripDecoration(text: string): string {
  return trimEndExcept(text, KEEP_AT_END)
    .replace(/^[^\p{L}\p{N}(「『【[]+/u, "")
    .replace(/^(?:(?:step|phase|part|section|schritt|etape|paso|passo|fase|шаг|крок)\s+)?(?:\d+(?:\.\d+)*[a-z]?|[a-z]|[ivx]+)[.):]\s+/u, "")
    .replace(/^\d+(?:\.\d+)+\s+/u, "")
    .replace(/^[^\p{L}\p{N}(「『【[]+/u, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Drops trailing characters that are not `keep` (a loop: linear, where `[^…]+$` is not). */
function trimEndExcept(text: string, keep: RegExp): string {
  let end = text.length;
  while (end > 0 && !keep.test(text.charAt(end - 1))) end--;
  // Tested one UTF-16 unit at a time: an astral character at the end (an emoji) goes unit by unit.
  return text.slice(0, end);
}

const KEEP_AT_END = /[\p{L}\p{N})」』】\]?]/u;
const KEEP_IN_PIECE = /[\p{L}\p{N}']/u;

/** Trims a segment or part of the punctuation and emoji around it. */
function trimPiece(text: string): string {
  return trimEndExcept(text.replace(/^[^\p{L}\p{N}]+/u, ""), KEEP_IN_PIECE)
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Separators between coordinate parts of one segment. Segment text has every whitespace run
 * collapsed to one space (`trimPiece`) and each part is trimmed again, so one space stands for a
 * run and a symbol needs no leading space: the same cuts as `\s+word\s+|\s*symbol\s*`, linear.
 */
const PART_SPLIT = /\s(?:and|und|et|[yeiиі및]|та|och|en)\s|[&/+,、・／，]\s?/u;

function separatorKind(separator: string): HeadingSegment["after"] {
  const mark = separator.trim();
  if (mark === ":" || mark === ";") return "colon";
  if (/^(?:->|=>|→)$/u.test(mark)) return "arrow";
  if (/^[-—–|]$/u.test(mark)) return "dash";
  if (/^[)\]}」』】）]$/u.test(mark)) return "bracket";
  return "stop";
}

function cutSegments(text: string): HeadingSegment[] {
  const segments: HeadingSegment[] = [];
  // Brackets also mark the segment inside them.
  const pieces = splitHeadingSegments(text);
  let depth = 0;
  let after: HeadingSegment["after"] = "start";
  // Text (even indexes) alternates with separators (odd indexes).
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i] ?? "";
    if (i % 2 === 1) {
      const mark = piece.trim();
      if (/^[([{「『【（]$/u.test(mark)) depth++;
      else {
        if (/^[)\]}」』】）]$/u.test(mark)) depth = Math.max(0, depth - 1);
        after = separatorKind(piece);
      }
      continue;
    }
    // One byte per character where it fits: the cue expressions compile far faster for it.
    const segmentText = oneByteString(trimPiece(piece));
    if (segmentText === "") continue;
    const parts = segmentText
      .split(PART_SPLIT)
      .map((part) => oneByteString(trimPiece(part)))
      .filter((part) => part !== "")
      .map(shapePart);
    if (parts.length > 0) segments.push({ text: segmentText, bracketed: depth > 0, after, parts });
  }
  return segments;
}

function shapePart(text: string): HeadingPart {
  const wordStarts: number[] = [];
  const starts: number[] = [];
  const cjk = CJK.test(text);
  const words = /\S+/gu;
  let head = text;
  let index = 0;
  for (let match = words.exec(text); match && index < 64; match = words.exec(text), index++) {
    if (index < 3) wordStarts.push(match.index);
    if (head === text) {
      if (index >= 1 && !cjk && POST_MODIFIERS.has(match[0].replace(/\P{L}/gu, ""))) head = text.slice(0, match.index).trim();
      else starts.push(match.index);
    }
  }
  return { text, head, wordStarts, headStarts: starts.filter((at) => at < head.length).slice(-4), cjk };
}

/** Folds and cuts a heading (see {@link ShapedHeading}). */
export function shapeHeading(text: string): ShapedHeading {
  const folded = stripDecoration(foldHeadingText(text));
  return { folded, segments: cutSegments(folded) };
}

/** True when `text` holds CJK, kana or Hangul: its cues are matched anywhere, not by word position. */
export function hasCjk(text: string): boolean {
  return CJK.test(text);
}
