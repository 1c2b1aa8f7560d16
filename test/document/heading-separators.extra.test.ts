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
import { describeGrowth, measureGrowth } from "../helpers/cpu-time.js";
import { publicCorpusDir } from "../helpers/locations.js";

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
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHABET = [..." \t\u00a0\u3000-—–>=→|:;?!·•。([{「『【（)]}」』】）ab", "->", "=>", " - "];

describe("splitHeadingSegments", () => {
  it.skipIf(publicCorpusDir === undefined)("matches the regular-expression split on every heading of the public corpus", () => {
    const all = headings(path.join(publicCorpusDir as string, "docs"));
    expect(all.length).toBeGreaterThan(1000);
    for (const heading of all) {
      expect(splitHeadingSegments(heading), heading).toEqual(heading.split(REFERENCE));
      expect(splitHeadingSegments(foldHeadingText(heading)), heading).toEqual(foldHeadingText(heading).split(REFERENCE));
    }
  });

  it("matches the regular-expression split on 20,000 random strings over the separators' alphabet", () => {
    const next = random(17);
    for (let n = 0; n < 20_000; n++) {
      const text = Array.from({ length: Math.floor(next() * 24) }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]).join("");
      expect(splitHeadingSegments(text), JSON.stringify(text)).toEqual(text.split(REFERENCE));
    }
  });

  it("grows linearly with a run of spaces that ends in no separator", () => {
    const input = (size: number) => `a${" ".repeat(size)}b`;
    const small = input(100_000);
    const large = input(1_000_000);
    const growth = measureGrowth(
      () => splitHeadingSegments(small),
      () => splitHeadingSegments(large),
    );
    expect(growth.largeMs, describeGrowth(growth)).toBeLessThanOrEqual(growth.limitMs);
  });
});
