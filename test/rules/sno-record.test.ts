import { describe } from "vitest";
import { snoRecord } from "../../rules/sno-record.js";
import { ruleCases } from "../helpers/rule-tester.js";

const block = (lines: string[]) =>
  ["# Progress", "", "<!-- machine-record:start -->", ...lines, "<!-- machine-record:end -->", "", "## Done", "", "x", ""].join("\n");
const VALID = [
  "checkpoint: 2",
  "updated: 2026-03-01T10:00:00Z",
  "by: a",
  "checkout: /w",
  "branch: main",
  "head: 0123456789ab Fix it",
  "recent:",
  "- 0123456789ab Fix it",
  "uncommitted:",
  "- M a.ts sha256:-",
  "- M b.ts sha256:-",
];

describe("sno-record", () => {
  ruleCases(
    snoRecord,
    [
      { name: "accepts a well-formed block", text: block(VALID), expected: [] },
      {
        name: "reports a block that is never closed",
        text: "# P\n\n<!-- machine-record:start -->\ncheckpoint: 1\n",
        expected: ["3:1 error The machine block opened here has no '<!-- machine-record:end -->' line"],
      },
      {
        name: "reports the parser's reason for a malformed block",
        text: block(VALID.map((l) => (l === "checkpoint: 2" ? "checkpoint: 0" : l))),
        expected: ["3:1 error Malformed machine record: 'checkpoint: 0' is not a positive whole number"],
      },
      {
        name: "reports a missing field",
        text: block(VALID.filter((l) => !l.startsWith("head:"))),
        expected: ["3:1 error Malformed machine record: the record has no 'head:' line"],
      },
      {
        name: "warns on uncommitted paths out of bytewise order",
        text: block([...VALID.slice(0, 9), "- M b.ts sha256:-", "- M a.ts sha256:-"]),
        expected: ["3:1 warning Uncommitted paths are not sorted bytewise ('a.ts' comes before 'b.ts')"],
      },
      {
        name: "reports more than five recent commits",
        text: block([...VALID.slice(0, 7), ...Array.from({ length: 6 }, (_, i) => `- 0123456789a${i} c${i}`), "uncommitted:"]),
        expected: ["3:1 error 6 recent commits; the record keeps at most 5"],
      },
      {
        name: "reports text after a cutover brief's end marker, not before it",
        text: "# Brief\n\nbody\n\n<!-- AGENT_CUTOVER_EOF -->\nmore text\n",
        expected: ["5:1 error Text after the '<!-- AGENT_CUTOVER_EOF -->' line: the receiver treats everything up to that line as the brief"],
      },
      { name: "accepts a brief that ends with its marker", text: "# Brief\n\nbody\n\n<!-- AGENT_CUTOVER_EOF -->\n", expected: [] },
    ].map((c) => ({ profile: "sno", ...c })),
  );
});
