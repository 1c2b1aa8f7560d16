/**
 * The labelled sets themselves: big enough, varied enough, and clean where they must be clean.
 */
import { describe, expect, it } from "vitest";
import { publicCorpusDir } from "../helpers/locations.js";
import { corpusCredentialLines, corpusParagraphs } from "./corpus-lines.js";
import { LANGUAGE_CODES } from "./injection-multilingual.js";
import { writtenNegatives } from "./injection-negatives.js";
import { injectionCategoryNames, injectionPositives, sentencesOf } from "./injection-positives.js";
import { SCAFFOLDS, fillScaffold } from "./injection-scaffold.js";
import { picker } from "./injection-vocabulary.js";
import { injectionFindings, secretFindings } from "./score.js";
import { secretNegatives, secretPositives } from "./secrets-set.js";

const positives = injectionPositives();
const absent = publicCorpusDir === undefined;
const skipNote = absent ? " (skipped: corpus-public not found)" : "";

describe("injection labelled set", () => {
  it("has 324 positives in 27 categories, 12 each", () => {
    expect(positives.length).toBe(324);
    expect(injectionCategoryNames().length).toBe(27);
    const counts = new Set(injectionCategoryNames().map((name) => positives.filter((p) => p.category === name).length));
    expect([...counts]).toEqual([12]);
  });

  it("never uses a sentence in two positives", () => {
    const owner = new Map<string, string>();
    const shared: string[] = [];
    for (const p of positives) {
      const element = p.text
        .split("\n")
        .slice(p.startLine - 1, p.endLine)
        .join("\n");
      for (const sentence of new Set(sentencesOf(element))) {
        const first = owner.get(sentence);
        if (first !== undefined && first !== p.id) shared.push(`${first} / ${p.id}: ${sentence}`);
        owner.set(sentence, p.id);
      }
    }
    expect(shared).toEqual([]);
    expect(owner.size).toBe(349);
  });

  it("covers the override and concealment families in nine languages", () => {
    expect(LANGUAGE_CODES).toEqual(["es", "de", "fr", "pt", "it", "ru", "zh", "ja", "ko"]);
  });

  it("places every element on the lines it names", () => {
    for (const p of positives) {
      const lines = p.text.split("\n");
      expect(p.startLine, p.id).toBeGreaterThan(1);
      expect(lines[p.startLine - 2], p.id).toBe("");
      expect(lines[p.endLine], p.id).toBe("");
    }
  });

  it("has scaffolds that draw no injection finding on their own", () => {
    for (const [i, scaffold] of SCAFFOLDS.entries()) {
      for (let seed = 0; seed < 8; seed++) {
        const text = fillScaffold(scaffold, picker(seed)).replace("{element}", "The build is green.");
        expect(injectionFindings(text).map((d) => `${i}: ${d.ruleId} ${d.message}`)).toEqual([]);
      }
    }
  });

  it("has 185 written negatives", () => {
    expect(writtenNegatives().length).toBe(185);
  });

  it.skipIf(absent)(`reads 182 real paragraphs from corpus-public/docs, for at least 300 negatives in all${skipNote}`, () => {
    const paragraphs = corpusParagraphs();
    expect(paragraphs.length).toBe(182);
    expect(new Set(paragraphs.map((p) => p.file)).size).toBe(48);
    expect(paragraphs.length + writtenNegatives().length).toBeGreaterThanOrEqual(300);
  });
});

describe("secrets labelled set", () => {
  const secrets = secretPositives();

  it("has 302 positives whose value occurs in their text, 12 per context category", () => {
    expect(secrets.length).toBe(302);
    for (const s of secrets) expect(s.text.includes(s.value), s.id).toBe(true);
    const contexts = secrets.filter((s) => s.category.startsWith("context:"));
    expect(contexts.length).toBe(144);
  });

  it("has 307 written negatives", () => {
    expect(secretNegatives().length).toBe(307);
  });

  it.skipIf(absent)(`reads 298 real credential lines from corpus-public${skipNote}`, () => {
    expect(corpusCredentialLines().length).toBe(298);
  });

  it("never prints a positive's value in a finding (messages are masked)", () => {
    for (const s of secrets) {
      for (const d of secretFindings(s.text)) expect(d.message.includes(s.value), s.id).toBe(false);
    }
  });
});
