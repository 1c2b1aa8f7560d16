/**
 * The lines `resume` prints around the user-tier content of a handoff (hatch3r's resume output,
 * public repo hatch3r/hatch3r, v2.x). The `injection-marker-spoof` rule refuses documents that
 * imitate them, so a body cannot end the user tier early and speak as the tool; `resume` also
 * escapes any content line that imitates them ({@link imitatesMarker}), as a second defence.
 */
import { normalizeText } from "./normalize.js";

/** Line printed before the user-tier content. */
export const USER_TIER_BEGIN = "--- BEGIN USER-TIER CONTENT: handoff ---";

/** Line printed after the user-tier content. */
export const USER_TIER_END = "--- END USER-TIER CONTENT: handoff ---";

/** Prefix put before a content line that imitates a marker, so it can never read as one. */
export const ESCAPE_PREFIX = "[handoffkit: escaped line that imitates a marker] ";

/**
 * True when `line` imitates a marker. The line is normalized as the injection rules do it (format
 * and tag characters removed, compatibility forms and look-alike letters folded to Latin, white
 * space collapsed); then any mention of `USER-TIER` / `USER TIER` / `USERTIER`, or a dashed
 * `BEGIN …` / `END …` line in the markers' shape, counts. Deliberately broader than the rule:
 * escaping a harmless line costs nothing, missing a forged one breaks the boundary.
 */
export function imitatesMarker(line: string): boolean {
  const folded = normalizeText(line).text.toUpperCase();
  if (/USER[\s_-]{0,3}TIER/.test(folded)) return true;
  return /^\s{0,8}[-–—=]{2,}\s{0,8}(?:BEGIN|END)\b[^\n]{0,200}[-–—=]{2,}\s*$/.test(folded);
}
