import { describe } from "vitest";
import { recordSyntax } from "../../rules/record-syntax.js";
import { ruleCases } from "../helpers/rule-tester.js";

describe("record-syntax", () => {
  ruleCases(recordSyntax, [
    { name: "accepts a valid record", path: "r.json", text: '{"schema": "verified-delivery/handoff-v1"}\n', expected: [] },
    {
      name: "reports only the first error of a trailing comma",
      path: "r.json",
      text: '{\n  "schema": "verified-delivery/handoff-v1",\n}\n',
      expected: ["3:1 error JSON syntax error: property name expected"],
    },
    {
      name: "reports a comment",
      path: "r.json",
      text: '{\n  // note\n  "schema": "verified-delivery/handoff-v1"\n}\n',
      expected: ["2:3 error JSON syntax error: invalid comment token"],
    },
    {
      name: "reports an error inside a fenced record at its line in the Markdown",
      text: '# H\n\n```json\n{\n  "schema": "verified-delivery/handoff-v1"\n  "status": "open"\n}\n```\n',
      expected: ["6:3 error JSON syntax error: comma expected"],
    },
    {
      name: "ignores other fenced json blocks",
      text: '# H\n\n```json\n{"a": 1,}\n```\n',
      expected: [],
    },
  ]);
});
