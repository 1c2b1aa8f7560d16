import { describe } from "vitest";
import { frontmatterSyntax } from "../../rules/frontmatter-syntax.js";
import { ruleCases } from "../helpers/rule-tester.js";

describe("frontmatter-syntax", () => {
  ruleCases(frontmatterSyntax, [
    { name: "accepts a clean YAML map", text: "---\nowner: me\ndue: 2026-02-30\n---\n\n# T\n", expected: [] },
    { name: "accepts a document without frontmatter", text: "# T\n\n---\n\nafter a rule\n", expected: [] },
    {
      name: "reports a duplicate key at the second one",
      text: "---\nstatus: open\nstatus: closed\n---\n",
      expected: ["3:1 error Duplicate frontmatter key 'status'"],
    },
    {
      name: "reports an anchor and its alias once, at the &",
      text: "---\na: &x 1\nb: *x\n---\n",
      expected: ["2:4 error YAML anchors and aliases are not allowed in frontmatter (aliases can expand without bound): anchor '&x', alias '*x'"],
    },
    {
      name: "reports an unclosed block at the opening fence",
      text: "---\nowner: me\n\n# T\n",
      expected: ["1:1 error Frontmatter opened on line 1 is never closed; the document is read as Markdown without frontmatter"],
    },
    { name: "accepts a clean TOML table (+++)", text: "+++\nowner = 'me'\n+++\n", expected: [] },
    { name: "accepts a clean JSON object (---json)", text: '---json\n{"owner": "me"}\n---\n', expected: [] },
    {
      name: "reports ---js as unsupported, never run",
      text: "---js\n{ owner: 'me' }\n---\n",
      expected: ["1:1 error Unsupported frontmatter language '---js': handoffkit reads YAML, JSON and TOML frontmatter and never evaluates a block"],
    },
    {
      name: "reports a duplicate TOML key where it is written the second time",
      text: "+++\nstatus = 'open'\nstatus = 'closed'\n+++\n",
      expected: ["3:1 error Duplicate frontmatter key 'status'"],
    },
    {
      name: "reports a duplicate JSON key at the second one",
      text: '---json\n{\n  "status": "open",\n  "status": "closed"\n}\n---\n',
      expected: ["4:3 error Duplicate frontmatter key 'status'"],
    },
    {
      name: "reports a TOML syntax error where toml-eslint-parser finds it",
      text: "+++\nowner = [1, 2\n+++\n",
      expected: ["3:1 error TOML syntax error: Unterminated array"],
    },
    {
      name: "reports a JSON syntax error where jsonc-parser finds it",
      text: '---json\n{"owner": "me",}\n---\n',
      expected: ["2:16 error JSON syntax error: property name expected"],
    },
    {
      name: "reports a JSON array as not a mapping",
      text: "---json\n[1]\n---\n",
      expected: ["2:1 error Frontmatter must be a JSON object of keys to values"],
    },
    {
      name: "reports a list as not a mapping, at the list",
      text: "---\n- a\n---\n",
      expected: ["2:1 error Frontmatter must be a YAML mapping of keys to values"],
    },
    {
      name: "reports every YAML syntax error the yaml package finds, where it finds it",
      text: "---\nowner: me\n  bad: indent\n---\n",
      expected: [
        "2:8 error YAML syntax error: Implicit keys need to be on a single line",
        "2:8 error YAML syntax error: Nested mappings are not allowed in compact mappings",
      ],
    },
    {
      name: "gives the same positions for CRLF",
      text: "---\r\nstatus: open\r\nstatus: closed\r\n---\r\n",
      expected: ["3:1 error Duplicate frontmatter key 'status'"],
    },
  ]);
});
