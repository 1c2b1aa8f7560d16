/**
 * The rules that offer fixes, through the rule tester (test/helpers/rule-tester.ts): each fix's
 * output after one pass, and that a second pass changes nothing.
 */
import { createHash } from "node:crypto";
import { lineEndings } from "../../rules/line-endings.js";
import { integrity } from "../../rules/integrity.js";
import { markdownlint } from "../../rules/markdownlint.js";
import { requiredSections } from "../../rules/required-sections.js";
import { RuleTester } from "../helpers/rule-tester.js";

/** sha256 of {"status":"closed"}: the frontmatter digest of the edited values, in full and as messages shorten it. */
const FM_CLOSED_FULL = createHash("sha256").update('{"status":"closed"}').digest("hex");
const FM_CLOSED = `sha256:${FM_CLOSED_FULL.slice(0, 12)}…`;

RuleTester(lineEndings, {
  valid: ["# Handoff\n\nText.\n", "# Handoff\r\n\r\nText.\r\n", { name: "one line, no ending", text: "# Handoff" }],
  invalid: [
    {
      name: "an LF among CRLF lines: every line ends as the first",
      text: "# Handoff\r\n\r\n## Next steps\n\r\n- Run it.\n",
      errors: [{ messageId: "mixed", data: { counts: "3 CRLF, 2 LF", here: "LF", first: "CRLF" }, line: 3, column: 1, endLine: 3, endColumn: 14 }],
      output: "# Handoff\r\n\r\n## Next steps\r\n\r\n- Run it.\r\n",
    },
    {
      name: "a lone CR after LF lines",
      text: "# Handoff\n\nText.\rMore.\n",
      errors: [{ messageId: "mixed", data: { counts: "3 LF, 1 CR", here: "CR", first: "LF" }, line: 3, column: 1, endLine: 3, endColumn: 6 }],
      output: "# Handoff\n\nText.\nMore.\n",
    },
  ],
});

const CONTRACT =
  "# HANDOFF app 20260301T1000Z\n\n## Goal\n\nShip.\n\n## Durable context\n\nmain.\n\n## Session state\n\nClean.\n\n## Verified facts\n\n- Green.\n\n## Hypotheses\n\n- None.\n\n## Unresolved work\n\n- None.\n\n## Next action\n\n1. Run it.\n";

RuleTester(requiredSections, {
  valid: [{ name: "every contract section", profile: "contract", text: CONTRACT }],
  invalid: [
    {
      name: "a missing section is inserted before the first one the profile orders after it",
      profile: "contract",
      text: CONTRACT.replace("## Unresolved work\n\n- None.\n\n", ""),
      errors: [{ messageId: "missing", data: { section: "Unresolved work", profile: "contract" }, line: 1, column: 1, endLine: 1, endColumn: 1 }],
      output: CONTRACT.replace("## Unresolved work\n\n- None.\n", "## Unresolved work\n\nNot recorded yet.\n"),
    },
    {
      name: "a missing last section is appended after one blank line",
      profile: "contract",
      text: CONTRACT.replace("\n## Next action\n\n1. Run it.\n", ""),
      errors: [{ messageId: "missing", data: { section: "Next action", profile: "contract" }, line: 1, column: 1, endLine: 1, endColumn: 1 }],
      output: CONTRACT.replace("## Next action\n\n1. Run it.\n", "## Next action\n\nNot recorded yet.\n"),
    },
  ],
});

RuleTester(integrity, {
  valid: ["# No seal\n\nText.\n"],
  invalid: [
    {
      name: "a frontmatter whose values changed after sealing: reported at integrity_frontmatter, the fix seals the values as they are",
      text: "---\nstatus: open\nintegrity: sha256:3cfb43d9681944d18436495adf5e57ccd3ed474efd930da16a5f6326829dd691\nintegrity_frontmatter: sha256:bc99066a8b813e763201c114d47dd9300710ba0acf1c4e522ae78e2c5c473b87\n---\n# Handoff\n\nText.\n".replace(
        "status: open",
        "status: closed",
      ),
      errors: [
        { messageId: "frontmatterMismatch", data: { recorded: "sha256:bc99066a8b81…", computed: FM_CLOSED }, line: 4, column: 24, endLine: 4, endColumn: 95 },
      ],
      output: `---\nstatus: closed\nintegrity: sha256:3cfb43d9681944d18436495adf5e57ccd3ed474efd930da16a5f6326829dd691\nintegrity_frontmatter: sha256:${FM_CLOSED_FULL}\n---\n# Handoff\n\nText.\n`,
    },
    {
      name: "a malformed integrity_frontmatter",
      text: "---\nstatus: open\nintegrity: sha256:3cfb43d9681944d18436495adf5e57ccd3ed474efd930da16a5f6326829dd691\nintegrity_frontmatter: nope\n---\n# Handoff\n\nText.\n",
      errors: [{ messageId: "frontmatterMalformed", data: { value: '"nope"' }, line: 4, column: 24, endLine: 4, endColumn: 28 }],
      output: null,
    },
    {
      name: "a seal that no longer matches: the fix writes the digest of the text as it is",
      text: "---\nstatus: open\nintegrity: sha256:0000000000000000000000000000000000000000000000000000000000000000\n---\n# Handoff\n\nText.\n",
      errors: [
        { messageId: "mismatch", data: { recorded: "sha256:000000000000…", computed: "sha256:3cfb43d96819…" }, line: 3, column: 12, endLine: 3, endColumn: 83 },
      ],
      // …and seals the frontmatter's values too: {"status":"open"}.
      output:
        "---\nstatus: open\nintegrity: sha256:3cfb43d9681944d18436495adf5e57ccd3ed474efd930da16a5f6326829dd691\nintegrity_frontmatter: sha256:bc99066a8b813e763201c114d47dd9300710ba0acf1c4e522ae78e2c5c473b87\n---\n# Handoff\n\nText.\n",
    },
  ],
});

RuleTester(markdownlint, {
  valid: ["# Handoff\n\n- One\n- Two\n"],
  invalid: [
    {
      name: "markdownlint's own fix (MD018, a heading without its space) as an edit",
      text: "# Handoff\n\n##Next steps\n\n- Run it.\n",
      errors: [
        {
          ruleId: "MD018",
          message:
            "No space after hash on atx style heading: the line renders as text, not as a heading; put a space after the '#' [Context: \"##Next steps\"]",
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 4,
          severity: "warning",
        },
      ],
      output: "# Handoff\n\n## Next steps\n\n- Run it.\n",
    },
  ],
});
