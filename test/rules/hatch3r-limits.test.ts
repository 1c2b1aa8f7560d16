import { describe } from "vitest";
import { hatch3rLimits } from "../../rules/hatch3r-limits.js";
import { ruleCases } from "../helpers/rule-tester.js";

const FRONT = (extra = "") => `---\nid: x\ntype: handoff\nsource_agent: a\ntarget_agent: b\n${extra}---\n`;

describe("hatch3r-limits", () => {
  ruleCases(
    hatch3rLimits,
    [
      { name: "accepts a small handoff with a body", text: `${FRONT()}\n## Problem\n\nx\n`, expected: [] },
      {
        name: "reports an empty body at the line after the frontmatter",
        text: `${FRONT()}\n  \n`,
        expected: ["7:1 error The body is empty: hatch3r refuses a handoff with nothing after the frontmatter"],
      },
      {
        name: "reports a body over 51,200 bytes (UTF-8 bytes, not characters)",
        text: `${FRONT()}\n${"é".repeat(25_600)}\n`,
        expected: ["7:1 error Body is 51202 bytes, over hatch3r's 51200-byte limit"],
      },
      {
        name: "reports a file over 61,440 bytes as well as its body",
        text: `${FRONT()}${"x".repeat(61_400)}\n`,
        expected: ["1:1 error File is 61461 bytes, over hatch3r's 61440-byte limit", "7:1 error Body is 61401 bytes, over hatch3r's 51200-byte limit"],
      },
      {
        name: "warns on a summary over 200 characters, at its value",
        text: `${FRONT(`summary: ${"s".repeat(201)}\n`)}\nbody\n`,
        expected: ["6:10 warning 'summary' is 201 characters; hatch3r warns above 200"],
      },
      {
        name: "warns on target_agent: any",
        text: FRONT().replace("target_agent: b", "target_agent: any") + "\nbody\n",
        expected: ["5:15 warning 'target_agent: any' is allowed but names no one: say which agent should pick this up"],
      },
      { name: "does not run for other profiles", text: "# Notes\n", profile: "generic", expected: [] },
    ].map((c) => ({ profile: "hatch3r", ...c })),
  );
});
