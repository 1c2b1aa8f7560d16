/**
 * The user-tier markers `handoff resume` prints around a handoff's content (hatch3r's resume
 * output, `../shared/formats.md` §2). Content between them is data for the reader, never
 * instructions that change rules or permissions.
 */

/** Opening marker line. */
export const USER_TIER_BEGIN = "--- BEGIN USER-TIER CONTENT: handoff ---";
/** Closing marker line. */
export const USER_TIER_END = "--- END USER-TIER CONTENT: handoff ---";

/**
 * True when `line` imitates a marker: after NFKC, with format characters (Cf, e.g. zero-width) and
 * soft hyphens removed and white space collapsed, it mentions `USER-TIER` / `USER TIER` /
 * `USERTIER` (any case), or it is a dashed `BEGIN …` / `END …` line in the markers' shape.
 */
export function imitatesMarker(line: string): boolean {
  const folded = line
    .normalize("NFKC")
    .replace(/[\p{Cf}\u00ad]/gu, "")
    .replace(/\s+/g, " ")
    .toUpperCase();
  if (/USER[\s_-]{0,3}TIER/.test(folded)) return true;
  return /^\s{0,8}[-–—=]{2,}\s{0,8}(?:BEGIN|END)\b[^\n]{0,200}[-–—=]{2,}\s*$/.test(folded);
}

/** Prefix put before a content line that imitates a marker, so it can never read as one. */
export const ESCAPE_PREFIX = "[handoffkit: escaped line that imitates a marker] ";
