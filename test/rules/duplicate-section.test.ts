import { describe } from "vitest";
import { duplicateSection } from "../../rules/duplicate-section.js";
import { ruleCases } from "../helpers/rule-tester.js";

describe("duplicate-section", () => {
  ruleCases(duplicateSection, [
    {
      name: "reports the second 'Next steps' at its heading with the first one's line",
      text: "# H\n\n## Next steps\n\n- a\n\n## Decisions\n\n## Next Steps:\n\n- b\n",
      expected: ["9:1 warning Duplicate section 'Next Steps:' (first on line 3)"],
    },
    {
      name: "allows the same sub-heading under different parents",
      text: "# H\n\n## Phase 1\n\n### Tests\n\nx\n\n## Phase 2\n\n### Tests\n\ny\n",
      expected: [],
    },
    {
      name: "ignores headings inside code fences",
      text: "# H\n\n## Next steps\n\n```md\n## Next steps\n```\n",
      expected: [],
    },
  ]);
});
