/**
 * The injection gates (./gates.test.ts) on every text at hand: every match of every pattern on the
 * labelled injection sets, the injection tests' own texts, our corpus and the public corpus passes
 * its gate.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { normalizeText } from "../../src/3-check/injection/normalize.js";
import { injectionPositives } from "../labelled/injection-positives.js";
import { writtenNegatives } from "../labelled/injection-negatives.js";
import { publicCorpusDir, repoRoot } from "../helpers/locations.js";
import { filesUnder, gateMisses } from "./gates.cases.js";

describe("injection gates, on every text at hand", () => {
  it("lets through every match on the labelled injection sets and the injection tests' own texts", () => {
    const texts = [...injectionPositives(), ...writtenNegatives()].map((e) => e.text);
    const testDirs = [path.join(repoRoot, "test/injection"), path.join(repoRoot, "test/rules/injection"), path.join(repoRoot, "test/labelled")];
    for (const dir of testDirs) for (const file of filesUnder(dir, (f) => f.endsWith(".ts"))) texts.push(readFileSync(file, "utf8"));
    expect(texts.length).toBeGreaterThan(500);
    for (const text of texts) {
      expect(gateMisses(text)).toEqual([]);
      expect(gateMisses(normalizeText(text).text)).toEqual([]);
    }
  });

  it("lets through every match on our corpus and the public corpus", () => {
    const files = filesUnder(path.join(repoRoot, "corpus"), (f) => /\.(?:md|json)$/.test(f));
    if (publicCorpusDir) files.push(...filesUnder(path.join(publicCorpusDir, "docs"), (f) => /\.(?:md|json)$/.test(f)));
    else console.warn("public corpus not found: gates checked on corpus/ only");
    for (const file of files) expect(gateMisses(normalizeText(readFileSync(file, "utf8")).text), file).toEqual([]);
  });
});
