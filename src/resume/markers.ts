/**
 * The lines `resume` prints around the user-tier content of a handoff (hatch3r's resume output,
 * see `../shared/formats.md` §2). The `injection-marker-spoof` rule refuses documents that
 * imitate them, so a body cannot end the user tier early and speak as the tool.
 */

/** Line printed before the user-tier content. */
export const USER_TIER_BEGIN = "--- BEGIN USER-TIER CONTENT: handoff ---";

/** Line printed after the user-tier content. */
export const USER_TIER_END = "--- END USER-TIER CONTENT: handoff ---";
