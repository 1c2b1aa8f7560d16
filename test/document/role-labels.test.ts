import { describe, expect, it } from "vitest";
import { parseDocument } from "../../src/2-parse/document/parse.js";
import { findRoleLabels } from "../../src/2-parse/roles/role-labels.js";
import { sourceFromBytes } from "../../src/1-load/read.js";

/** `shape:text=roles` for every label of `text`. */
function labels(text: string, plainText = false): string[] {
  const document = parseDocument(sourceFromBytes("doc.md", new TextEncoder().encode(text), "/virtual"));
  return findRoleLabels(document.mdast, plainText).map((label) => `${label.shape}:${label.text}=${label.roles.join(",")}`);
}

describe("findRoleLabels", () => {
  it("reads bold labels with the colon inside, after, or none when the label fills its line", () => {
    expect(labels("**Next step:** ship it.\n\n**Blockers**: none yet\n\n**Next steps**\n\n1. ship\n")).toEqual([
      "strong:Next step=next-action",
      "strong:Blockers=blockers",
      "strong:Next steps=next-action",
    ]);
  });

  it("reads line-start labels ending with a colon, in several languages, a full-width colon needing no space", () => {
    expect(labels("Next ready work item:\n\n`agent/x`\n\n- Nächste Schritte: Migration prüfen\n- 待办：回填摘要\n- 下一步：部署\n")).toEqual([
      "colon:Next ready work item=next-action",
      "colon:Nächste Schritte=next-action",
      "colon:待办=remaining",
      "colon:下一步=next-action",
    ]);
  });

  it("reads a short line alone at the top of a paragraph only in a plain-text document", () => {
    const text = "Recommended next step\nStart stage 2.\n";
    expect(labels(text, true)).toEqual(["line:Recommended next step=next-action"]);
    expect(labels(text, false)).toEqual([]);
    // A one-line paragraph has no step under it; a sentence is not a label.
    expect(labels("Next steps\n\nThe next steps are clear.\nMore.\n", true)).toEqual([]);
  });

  it("skips nil answers, bold text alone in a list item, labels in code and long or punctuated lead-ins", () => {
    expect(
      labels(
        "Features remaining: 0\n\n**Next steps:** none\n\n- **Next action**\n\n`tasks[]`: queue\n\n" +
          "The very long lead-in of this sentence that has a colon: here\n\nWell, next steps: later\n\n```\nNext: hidden\n```\n",
      ),
    ).toEqual([]);
  });

  it("reads list items nested two levels deep, not deeper", () => {
    expect(labels("- a\n  - b\n    - TODO: c\n      - Next: d\n")).toEqual(["colon:TODO=remaining"]);
  });
});
