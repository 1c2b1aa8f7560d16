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
      name: "does not apply to JSON records",
      path: "r.json",
      text: '{"schema": "verified-delivery/handoff-v1"}\n',
      expected: [],
    },
  ]);
});
