import { describe } from "vitest";
import { sectionOrder } from "../../rules/section-order.js";
import { ruleCases } from "../helpers/rule-tester.js";

const doc = (...headings: string[]) => ["# HANDOFF api v1", "", ...headings.flatMap((h) => [`## ${h}`, "", "x", ""])].join("\n");

describe("section-order", () => {
  ruleCases(sectionOrder, [
    {
      name: "accepts the contract's order, with sections left out and unknown sections anywhere",
      text: doc("Goal", "Notes", "Verified facts", "Decisions", "Unresolved work", "Next action", "Session lessons"),
      expected: [],
    },
    {
      name: "reports a section that comes after a later one, naming the latest seen",
      text: doc("Goal", "Verified facts", "Next action", "Decisions"),
      expected: ["15:1 warning Section 'Decisions' should come before 'Next action' (contract order)"],
    },
    {
      name: "reports each out-of-order section against the latest in-order one",
      text: doc("Goal", "Unresolved work", "Verified facts", "Hypotheses", "Next action"),
      expected: [
        "11:1 warning Section 'Verified facts' should come before 'Unresolved work' (contract order)",
        "15:1 warning Section 'Hypotheses' should come before 'Unresolved work' (contract order)",
      ],
    },
    {
      name: "checks no order for unordered profiles (hatch3r)",
      text: "---\ntype: handoff\nsource_agent: a\n---\n\n## Next Steps\n\nx\n\n## Problem\n\ny\n",
      expected: [],
    },
    {
      name: "checks no order for a generic handoff",
      text: "## Next action\n\nx\n\n## Goal\n\ny\n",
      expected: [],
    },
  ]);
});
