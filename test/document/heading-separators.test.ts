/**
 * The heading segment splitter (`src/2-parse/roles/heading-separators.ts`) cuts exactly where the
 * regular-expression split it replaces did: on every heading of `corpus/` and the public corpus,
 * folded and raw, and on random strings over the separators' alphabet; and its work grows
 * linearly with a run of spaces.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { splitHeadingSegments } from "../../src/2-parse/roles/heading-separators.js";
import { foldHeadingText } from "../../src/2-parse/roles/role-text.js";
import { repoRoot } from "../helpers/locations.js";

/** The split the scanner replaces, kept here as its reference. */
const REFERENCE = /(\s+-\s+|\s*(?:[—–→|:;?!·•。]|->|=>)\s*|[([{「『【（)\]}」』】）])/u;

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".md"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function headings(dir: string): string[] {
  return markdownFiles(dir).flatMap((file) =>
    readFileSync(file, "utf8")
      .split(/\r?\n/)
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => line.replace(/^#+ /, "")),
  );
}

/** A deterministic pseudo-random generator (mulberry32), so a failure can be replayed. */

describe("splitHeadingSegments", () => {
  it("cuts a heading into text and separators", () => {
    expect(splitHeadingSegments("Next steps — priority (high) : a -> b")).toEqual([
      "Next steps",
      " — ",
      "priority ",
      "(",
      "high",
      ")",
      "",
      " : ",
      "a",
      " -> ",
      "b",
    ]);
    expect(splitHeadingSegments("")).toEqual([""]);
    expect(splitHeadingSegments("e-mail  -x")).toEqual(["e-mail  -x"]);
  });

  it("matches the regular-expression split on every heading of corpus/", () => {
    const all = headings(path.join(repoRoot, "corpus"));
    expect(all.length).toBeGreaterThan(500);
    for (const heading of all) {
      expect(splitHeadingSegments(heading), heading).toEqual(heading.split(REFERENCE));
      expect(splitHeadingSegments(foldHeadingText(heading)), heading).toEqual(foldHeadingText(heading).split(REFERENCE));
    }
  });

  it("treats every UTF-16 code unit as the regular expression does: a space, a mark, a bracket or text", () => {
    const differing: string[] = [];
    for (let code = 0; code < 0x10000; code++) {
      const unit = String.fromCharCode(code);
      for (const text of [`a${unit}b`, `a${unit}-${unit}b`, `a${unit}:b`]) {
        if (JSON.stringify(splitHeadingSegments(text)) !== JSON.stringify(text.split(REFERENCE)))
          differing.push(`U+${code.toString(16)} in ${JSON.stringify(text)}`);
      }
    }
    expect(differing).toEqual([]);
  });
});
