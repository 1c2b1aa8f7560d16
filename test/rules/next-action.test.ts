import { describe } from "vitest";
import { nextAction } from "../../rules/next-action.js";
import { ruleCases } from "../helpers/rule-tester.js";

describe("next-action", () => {
  ruleCases(nextAction, [
    { name: "accepts a generic handoff with next steps", text: "# H\n\n## Next steps\n\n1. Run `npm test`.\n", expected: [] },
    {
      name: "recognises numbered, emoji and other-language headings",
      text: "# H\n\n## 🔜 3. Próximos pasos\n\n- seguir\n",
      expected: [],
    },
    {
      name: "warns when a generic handoff has no next-action section, at the first body line",
      text: "---\nowner: me\n---\n\n# H\n\n## Current state\n\nx\n",
      expected: ["4:1 warning No next-action section: say what the next session should do first (e.g. '## Next steps')"],
    },
    {
      name: "warns when a generic handoff's next steps are empty",
      text: "# H\n\n## Next steps\n\n- TBD\n",
      expected: ["3:1 warning The next-action section 'Next steps' is empty"],
    },
    {
      name: "accepts when any of several next-action sections has content",
      text: "# H\n\n## Next steps\n\nTBD\n\n## What's next\n\n- deploy\n",
      expected: [],
    },
    {
      name: "is an error when a formal profile's next action is empty",
      text: "# HANDOFF api v1\n\n## Goal\n\ng\n\n## Next action\n\nTODO\n",
      expected: ["7:1 error The next-action section 'Next action' is empty"],
    },
    {
      name: "leaves a formal profile's missing next action to required-sections",
      text: "# HANDOFF api v1\n\n## Goal\n\ng\n",
      expected: [],
    },
    {
      name: "does not apply to a sno cutover brief",
      text: "# Brief\n\ntext\n\n<!-- AGENT_CUTOVER_EOF -->\n",
      expected: [],
    },
    {
      name: "accepts a heading whose secondary role is the next step (hypotheses for the next session)",
      text: "# H\n\n## Hypotheses for the next session\n\n1. Enable trace logging and re-run.\n",
      expected: [],
    },
    {
      name: "accepts next steps written as a phrase, a task for the reader, an ordered plan, or in another language",
      text: "# H\n\n## Current state\n\nx\n\n## Your assignment\n\nShip the parser.\n",
      expected: [],
    },
    {
      name: "does not take a document title addressed to the next session for a next step",
      text: "# Parser — handoff for the next session\n\n## Current state\n\nx\n",
      expected: ["1:1 warning No next-action section: say what the next session should do first (e.g. '## Next steps')"],
    },
    {
      name: "takes a closing ordered list of instructions as the next step, at info severity, and says so",
      text: "# H\n\n## Current state\n\nx\n\n## Notes\n\n1. Run the migration.\n2. Check the logs.\n",
      expected: [
        "7:1 info No heading names the next step; taking 'Notes' as it from its ordered list of instructions (lower confidence): name it, e.g. '## Next steps'",
      ],
    },
    {
      name: "takes a TL;DR that leads in a next step, at info severity",
      text: "# H\n\n## TL;DR\n\nAll green. Next: tag the release.\n\n## Metrics\n\nfast\n",
      expected: [
        "3:1 info No heading names the next step; taking 'TL;DR' as it from a line that leads in a next step (lower confidence): name it, e.g. '## Next steps'",
      ],
    },
    {
      name: "does not ask a pointer file for a next step",
      text: "docs/handoffs/2026-04-22-phase-1.md\n",
      expected: [],
    },
    {
      name: "does not apply to JSON records",
      path: "r.json",
      text: '{"schema": "verified-delivery/handoff-v1"}\n',
      expected: [],
    },
  ]);
});
