/**
 * A block left unparsed for its depth (markdown-limits) is content nobody has read: the section
 * holding it is not also called empty.
 */
import { describe } from "vitest";
import { markdownLimits } from "../../rules/markdown-limits.js";
import { nextAction } from "../../rules/next-action.js";
import { requiredSections } from "../../rules/required-sections.js";
import { ruleCases } from "../helpers/rule-tester.js";

const DEEP = `${">".repeat(2000)} deep`;
const contract = (goal: string, next: string) =>
  [
    "# HANDOFF api 20260304T1730Z",
    "",
    "## Goal",
    "",
    goal,
    "",
    "## Verified facts",
    "",
    "- f",
    "",
    "## Unresolved work",
    "",
    "- u",
    "",
    "## Next action",
    "",
    next,
    "",
  ].join("\n");

describe("a section whose only content was not parsed", () => {
  ruleCases(nextAction, [
    {
      name: "next-action: a deep block in the middle section is not an empty next step",
      text: `# Handoff\n\n## Next steps\n\n${DEEP}\n\n## Notes\n\nn\n`,
      expected: [],
    },
    { name: "next-action: nor in the last section", text: `# Handoff\n\n## Next steps\n\n${DEEP}\n`, expected: [] },
    {
      name: "next-action: an empty one still is",
      text: "# Handoff\n\n## Next steps\n\nTBD\n\n## Notes\n\nn\n",
      expected: ["3:1 warning The next-action section 'Next steps' is empty"],
    },
  ]);
  ruleCases(requiredSections, [
    { name: "required-sections: a deep block is not an empty required section", text: contract(DEEP, "n"), expected: [] },
    { name: "required-sections: a placeholder still is", text: contract("TBD", "n"), expected: ["3:1 error Required section 'Goal' is empty"] },
  ]);
  ruleCases(markdownLimits, [
    {
      name: "markdown-limits reports the block once",
      text: `# Handoff\n\n## Next steps\n\n${DEEP}\n`,
      expected: ["5:1 warning Not parsed as Markdown: a line opens up to 2000 nested block containers (> or list markers), over the limit of 100"],
    },
  ]);
});
