/**
 * The lines `resume` prints around the user-tier content of a handoff (hatch3r's resume output,
 * public repo hatch3r/hatch3r, v2.x). The `injection-marker-spoof` rule refuses documents that
 * imitate them, so a body cannot end the user tier early and speak as the tool; `resume` also
 * escapes any content line that imitates them ({@link imitatesMarker}), as a second defence.
 */
import { confusablePrototype } from "./confusables.js";
import { normalizeText } from "./normalize.js";

/** Line printed before the user-tier content. */
export const USER_TIER_BEGIN = "--- BEGIN USER-TIER CONTENT: handoff ---";

/** Line printed after the user-tier content. */
export const USER_TIER_END = "--- END USER-TIER CONTENT: handoff ---";

/** Prefix put before a content line that imitates a marker, so it can never read as one. */
export const ESCAPE_PREFIX = "[handoffkit: escaped line that imitates a marker] ";

/** Digits that stand for letters in a forged word (`T1ER`, `U5ER`, `B3GIN`). */
const DIGIT_LETTERS: Readonly<Record<string, string>> = { "0": "O", "1": "I", "3": "E", "4": "A", "5": "S", "7": "T", "8": "B" };

/**
 * The skeleton of a normalized line for marker matching, one character for each: letters
 * upper-cased, digits read as the letters they stand for, every dash (a katakana prolonged sound
 * mark or a CJK "one" too, which draw one) as `-`, a line break kept, everything else a space.
 */
export function markerSkeleton(normalized: string): string {
  let out = "";
  for (const ch of normalized) {
    const upper = ch.toUpperCase();
    if (upper >= "A" && upper <= "Z" && upper.length === 1) out += upper;
    else if (DIGIT_LETTERS[ch] !== undefined) out += DIGIT_LETTERS[ch];
    else if (ch === "-" || ch === "\u30fc" || ch === "\u4e00" || confusablePrototype(ch) === "\u30fc") out += "-";
    else if (ch === "\n") out += "\n";
    else out += " ".repeat(ch.length);
  }
  return out;
}

/**
 * True when `line` imitates a marker. The line is normalized as the injection rules do it (format
 * and tag characters removed, compatibility forms, look-alike letters and dashes folded, white
 * space collapsed) and reduced to its {@link markerSkeleton}; then any mention of `USER` and `TIER`
 * with only separators between them, or a dashed `BEGIN …` / `END …` line in the markers' shape,
 * counts. Deliberately broader than the rule: escaping a harmless line costs nothing, missing a
 * forged one breaks the boundary.
 */
export function imitatesMarker(line: string): boolean {
  const skeleton = markerSkeleton(normalizeText(line).text);
  if (/USER[ -]{0,6}TIER/.test(skeleton)) return true;
  if (!/^ *-(?: *-)+ *(?:BEGIN|END)\b/.test(skeleton)) return false;
  // ... and ends in a run of spaces and dashes holding two dashes in a row.
  let end = skeleton.length;
  while (end > 0 && (skeleton[end - 1] === " " || skeleton[end - 1] === "-")) end--;
  return skeleton.slice(end).includes("--");
}
