/**
 * A small contract-profile handoff that lints clean, for the MCP and agent-hook tests, and the same
 * with a canary secret in one line.
 */
import { canaries } from "../helpers/canaries.js";

/** `# HANDOFF <scope> <stamp>` and the contract's sections, each filled. */
export function contractHandoff(extraFact = ""): string {
  return [
    "# HANDOFF demo 20260301T1000Z",
    "",
    "## Goal",
    "",
    "Ship the parser fix for nested lists.",
    "",
    "## Durable context",
    "",
    "Branch `main` at `d6728d2`.",
    "",
    "## Session state",
    "",
    "- No uncommitted changes.",
    "",
    "## Verified facts",
    "",
    "- The nested-list test fails on `main` (`npm test -- lists`).",
    ...(extraFact ? [`- ${extraFact}`] : []),
    "",
    "## Hypotheses",
    "",
    "- The indent counter resets too early.",
    "",
    "## Decisions",
    "",
    "None recorded yet.",
    "",
    "## Completed work",
    "",
    "- Reproduced the failure.",
    "",
    "## Unresolved work",
    "",
    "- Fix the counter.",
    "",
    "## Constraints",
    "",
    "None recorded yet.",
    "",
    "## Mutable state to re-verify",
    "",
    "- Branch `main` and commit `d6728d2`: re-check with `git status`.",
    "",
    "## Next action",
    "",
    "Open `src/lists.ts` and read the indent counter, then run `npm test -- lists`.",
    "",
  ].join("\n");
}

/** The handoff with the GitHub canary token written into a verified fact. */
export function contractWithCanary(): string {
  return contractHandoff(`The deploy token is ${canaries.github} (\`gh secret list\` names it).`);
}
