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
    {
      name: "reports TOML as unsupported",
      text: "+++\nowner = 'me'\n+++\n",
      expected: ["1:1 error Unsupported frontmatter language TOML (+++): handoffkit reads YAML frontmatter only and never evaluates a block"],
    },
    {
      name: "reports ---json as unsupported",
      text: '---json\n{"owner": "me"}\n---\n',
      expected: ["1:1 error Unsupported frontmatter language '---json': handoffkit reads YAML frontmatter only and never evaluates a block"],
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
