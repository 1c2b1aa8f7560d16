import { describe } from "vitest";
import { unclosedFence } from "../../rules/unclosed-fence.js";
import { ruleCases } from "../helpers/rule-tester.js";

describe("unclosed-fence", () => {
  ruleCases(unclosedFence, [
    {
      name: "reports a fence left open to the end of the document, with the headings it swallows",
      text: '# H\n\n```json\n{ "a": 1 }\n\n## Next steps\n\n- deploy\n',
      expected: [
        "3:1 warning This code fence is never closed: the 5 lines after it, 1 heading among them, render as code, up to the end of the document; close it with a line of ```",
      ],
    },
    {
      name: "names a fence with an info string that was meant to close the block",
      text: "# H\n\n~~~sh\nnpm test\n~~~text\nmore\n",
      expected: [
        "3:1 warning This code fence is never closed: the 3 lines after it render as code, up to the end of the document; close it with a line of ~~~ (line 5 does not close it: a closing fence has no info string)",
      ],
    },
    {
      name: "reports a fence left open inside a list item, up to the end of the item",
      text: "# H\n\n- run:\n  ```sh\n  npm test\n- next item\n",
      expected: ["4:3 warning This code fence is never closed: the line after it renders as code, up to the end of the list item; close it with a line of ```"],
    },
    {
      name: "accepts closed fences: longer closing fences, tildes, indented code blocks and an empty block",
      text: "# H\n\n````md\n```\nnested\n```\n````\n\n~~~\nx\n~~~~\n\n    indented\n\n```\n```\n",
      expected: [],
    },
    {
      name: "accepts fences closed inside block quotes: one level, nested, without the space after '>', in a list in a quote, and a lazy line",
      text: [
        "# H",
        "",
        "> ```sh",
        "> ls",
        "> ```",
        "",
        "> > ~~~",
        "> > deep",
        "> > ~~~~",
        "",
        ">```",
        ">x",
        ">```",
        "",
        "> - step:",
        ">   ```js",
        ">   run();",
        ">   ```",
        "",
        "> Note:",
        "> ```",
        "> a",
        "> ```",
        "lazy paragraph line",
        "",
      ].join("\n"),
      expected: [],
    },
    {
      name: "reports a fence left open inside a block quote, up to the end of the quote, with the headings it swallows",
      text: "# H\n\n> ```sh\n> ls\n> # not a heading now\n\nafter\n",
      expected: [
        "3:3 warning This code fence is never closed: the 2 lines after it, 1 heading among them, render as code, up to the end of the block quote; close it with a line of ```",
      ],
    },
    {
      name: "does not take a quoted line for the closing fence of a block outside the quote",
      text: "# H\n\n```\n> ```\n",
      expected: ["3:1 warning This code fence is never closed: the line after it renders as code, up to the end of the document; close it with a line of ```"],
    },
  ]);
});
