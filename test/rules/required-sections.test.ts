import { describe } from "vitest";
import { requiredSections } from "../../rules/required-sections.js";
import { ruleCases } from "../helpers/rule-tester.js";

const contract = (parts: { goal?: string; facts?: string; unresolved?: string; next?: string }) =>
  [
    "# HANDOFF api 20260304T1730Z",
    "",
    ...(parts.goal === undefined ? [] : ["## Goal", "", parts.goal, ""]),
    ...(parts.facts === undefined ? [] : ["## Verified facts", "", parts.facts, ""]),
    ...(parts.unresolved === undefined ? [] : ["## Unresolved work", "", parts.unresolved, ""]),
    ...(parts.next === undefined ? [] : ["## Next action", "", parts.next, ""]),
  ].join("\n");

const hatch3rBody = (sections: string[], depth = "##") =>
  ["---", "type: handoff", "source_agent: a", "---", "", ...sections.flatMap((s) => [`${s.startsWith("#") ? s : `${depth} ${s}`}`, "", "text", ""])].join("\n");

const HATCH3R = ["Problem", "Decisions", "Work Done", "Work Remaining", "Blockers", "Next Steps", "Build & Test Status", "File Manifest"];

describe("required-sections", () => {
  ruleCases(requiredSections, [
    {
      name: "accepts a contract handoff with its four required sections",
      text: contract({ goal: "g", facts: "- `npm test` exit 0", unresolved: "- u", next: "n" }),
      expected: [],
    },
    {
      name: "reports each missing contract section at the first body line (findings sorted by position, then message)",
      text: contract({ goal: "g", next: "n" }),
      expected: [
        "1:1 error Missing required section 'Unresolved work' (contract profile)",
        "1:1 error Missing required section 'Verified facts' (contract profile)",
      ],
    },
    {
      name: "does not call sections missing after an unclosed fence that turns the rest into code (unclosed-fence reports it)",
      text: contract({ goal: "g\n\n```sh\nnpm test", facts: "f", unresolved: "u", next: "n" }),
      expected: [],
    },
    {
      name: "reports an empty required section at its heading, but leaves an empty next action to next-action",
      text: contract({ goal: "TBD", facts: "- `npm test` exit 0", unresolved: "<!-- later -->", next: "TODO" }),
      expected: ["3:1 error Required section 'Goal' is empty", "11:1 error Required section 'Unresolved work' is empty"],
    },
    {
      name: "names the section that stands for a required one under another heading instead of calling it missing",
      text: contract({ goal: "g", facts: "f", unresolved: "u" }).replace("## Unresolved work", "## Open items").concat("\n## Next steps\n\nn\n"),
      expected: [
        "11:1 error Section 'Open items' stands for the required 'Unresolved work' (contract profile): use the profile's heading",
        "15:1 error Section 'Next steps' stands for the required 'Next action' (contract profile): use the profile's heading",
      ],
    },
    {
      name: "matches headings after normalizing case, numbering and a trailing colon",
      text: contract({ goal: "g", facts: "f", unresolved: "u", next: "n" }).replace("## Goal", "## 1. GOAL:").replace("## Next action", "## 4) next action"),
      expected: [],
    },
    { name: "accepts a hatch3r handoff with its eight sections", text: hatch3rBody(HATCH3R), expected: [] },
    {
      name: "reports a missing hatch3r section at the line after the frontmatter",
      text: hatch3rBody(HATCH3R.filter((s) => s !== "Blockers")),
      expected: ["5:1 error Missing required section 'Blockers' (hatch3r profile)"],
    },
    {
      name: "warns about a hatch3r section at the wrong level",
      text: hatch3rBody(HATCH3R.map((s) => (s === "Blockers" ? "### Blockers" : s))),
      expected: ["22:1 warning Section 'Blockers' should be a level-2 heading, not level 3"],
    },
    {
      name: "checks a sno progress record's five sections",
      text: "<!-- machine-record:start -->\ncheckpoint: 1\n<!-- machine-record:end -->\n\n## Objective and authorization\n\no\n\n## Done\n\n-\n\n## Next\n\nn\n",
      expected: [
        "1:1 error Missing required section 'Decisions and assumptions' (sno profile)",
        "1:1 error Missing required section 'Risks and open questions' (sno profile)",
        "9:1 error Required section 'Done' is empty",
      ],
    },
    {
      name: "leaves a sno cutover brief free-form",
      text: "# Brief\n\nfree text\n\n<!-- AGENT_CUTOVER_EOF -->\n",
      expected: [],
    },
    {
      name: "requires no section of a generic handoff",
      text: "# Notes\n\nsome text\n",
      expected: [],
    },
    {
      name: "checks no section of a verified-delivery record, Markdown or JSON",
      text: '# H\n\n```json\n{"schema": "verified-delivery/handoff-v1"}\n```\n',
      expected: [],
    },
  ]);
});
