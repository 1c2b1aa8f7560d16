import { describe } from "vitest";
import { integrity } from "../../rules/integrity.js";
import { ruleCases } from "../helpers/rule-tester.js";

const BODY = "\n# Problem\n\nFix it.\n";
/** sha256 of "# Problem\n\nFix it." (see test/integrity/digest.test.ts). */
const SEALED = "sha256:6409c158b92d0bd7add187c45e94cf67d3cfc02a8bf77ff92902daa1a3365886";

function hatch3r(integrityLine: string | undefined, body = BODY, eol = "\n"): string {
  const lines = ["---", "id: 2026-03-01_T1000_a1b2c_fix-it", "type: handoff", "source_agent: claude"];
  if (integrityLine !== undefined) lines.push(integrityLine);
  lines.push("---");
  return lines.join(eol) + eol + body.replace(/\n/g, eol);
}

describe("integrity", () => {
  ruleCases(integrity, [
    { name: "accepts a hatch3r document whose digest matches", text: hatch3r(`integrity: ${SEALED}`), expected: [] },
    {
      name: "reports a changed body as a mismatch at the value",
      text: hatch3r(`integrity: ${SEALED}`, "\n# Problem\n\nFix it!\n"),
      expected: ["5:12 error Integrity mismatch: the body changed after sealing (recorded sha256:6409c158b92d…, computed sha256:a1b4c06d40a7…)"],
    },
    {
      name: "reports a CRLF-only integrity mismatch as line-endings, not tampering",
      text: hatch3r(`integrity: ${SEALED}`, BODY, "\r\n"),
      expected: [
        "5:12 warning Integrity matches only with the line endings converted back (sealed with LF, now CRLF): the line endings were rewritten after sealing (e.g. by git core.autocrlf), the content is unchanged; add '*.md text eol=lf' to .gitattributes",
      ],
    },
    {
      name: "leaves a missing integrity of a hatch3r document to frontmatter-schema",
      text: hatch3r(undefined),
      expected: [],
    },
    {
      name: "leaves a malformed hatch3r integrity to frontmatter-schema",
      text: hatch3r("integrity: sha256:ABC"),
      expected: [],
    },
    {
      name: "reports a malformed value for other profiles",
      text: "---\nintegrity: md5:abc\n---\n\n# Notes\n",
      expected: ["2:12 error 'integrity' \"md5:abc\" is malformed: expected sha256: followed by 64 lowercase hex digits"],
    },
    {
      name: "checks the canonical form of a generic document",
      text: `---\ntitle: notes\nintegrity: ${SEALED}\n---\n# Problem\n\nFix it.\n`,
      expected: [],
    },
    { name: "says nothing about an unsealed generic document by default", text: "# Notes\n\nText.\n", expected: [] },
    {
      name: "says nothing about an unsealed contract handoff by default (the contract defines no digest)",
      text: "# HANDOFF api 2026-03-01\n\n## Goal\n\nx\n\n## Verified facts\n\ny\n",
      expected: [],
    },
    {
      name: "turns the missing finding on for every profile through options (config severity wins)",
      text: "# Notes\n\nText.\n",
      config: { rules: { integrity: ["error", { missing: { "*": "warning" } }] } },
      expected: ["1:1 error No 'integrity' value: the body cannot be checked for changes (run 'handoff seal')"],
    },
    {
      name: "ignores a document whose frontmatter does not parse",
      text: "---\nintegrity: [\n---\n# x\n",
      expected: [],
    },
  ]);
});
