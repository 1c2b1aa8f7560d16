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
      name: "compares the headings after an addendum written at their level among themselves only",
      text:
        "# H\n\n## Monday\n\n### Pending\n\n- a\n\n### Dirty state\n\nx\n\n### Afternoon addendum — scout\n\nmore\n\n" +
        "### Pending\n\n- b\n\n### Dirty state\n\ny\n\n### Pending\n\n- c\n",
      expected: ["25:1 warning Duplicate section 'Pending' (first on line 17)"],
    },
    {
      name: "reads an evening update, a Nachtrag and a 追記 as addenda, and a follow-ups list as none",
      text:
        "# H\n\n## A\n\n### Notes\n\n### Evening update\n\n### Notes\n\n## B\n\n### Notes\n\n### Nachtrag zum Review\n\n### Notes\n\n" +
        "## C\n\n### メモ\n\n### 追記（夜）\n\n### メモ\n\n## D\n\n### Notes\n\n### Follow-ups\n\n### Notes\n",
      expected: ["33:1 warning Duplicate section 'Notes' (first on line 29)"],
    },
    {
      name: "ignores headings inside code fences",
      text: "# H\n\n## Next steps\n\n```md\n## Next steps\n```\n",
      expected: [],
    },
  ]);
});
