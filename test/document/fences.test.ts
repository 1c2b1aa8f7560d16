import { describe, expect, it } from "vitest";
import { restRendersAsCode } from "../../src/2-parse/document/fences.js";
import { parseDocument } from "../../src/2-parse/document/parse.js";
import { sourceFromBytes } from "../../src/1-load/read.js";

function rendersAsCode(text: string): boolean {
  const document = parseDocument(sourceFromBytes("doc.md", new TextEncoder().encode(text), "/virtual"));
  return restRendersAsCode(document.mdast, document.text);
}

describe("restRendersAsCode", () => {
  it("is true for a top-level fence never closed, or 'closed' by a line with an info string", () => {
    expect(rendersAsCode("# H\n\n```sh\nnpm test\n\n## Next steps\n")).toBe(true);
    expect(rendersAsCode("# H\n\n~~~~\nx\n~~~\n")).toBe(true);
    expect(rendersAsCode("# H\n\n```\nx\n```text\n\n## Next\n")).toBe(true);
  });

  it("is false for closed fences, a fence on the last line, indented code and a fence inside a list item", () => {
    expect(rendersAsCode("# H\n\n```sh\nnpm test\n```\n\n## Next steps\n")).toBe(false);
    expect(rendersAsCode("# H\n\n```")).toBe(false);
    expect(rendersAsCode("# H\n\n    code\n")).toBe(false);
    expect(rendersAsCode("# H\n\n- item\n\n  ```\n  x\n\n## Next\n")).toBe(false);
  });
});
