import { describe, expect, it } from "vitest";
import { CONTEXT_DETECTORS } from "../../src/3-check/secrets/context-detectors.js";
import { SECRET_DETECTORS } from "../../src/3-check/secrets/detectors.js";
import { scanSecrets } from "../../src/3-check/secrets/scan.js";
import { negativeCases, positiveCases } from "./labelled.js";

const positives = positiveCases();
const negatives = negativeCases();

describe("labelled set", () => {
  it("has at least 60 positives and 200 negatives, and a positive for every detector", () => {
    expect(positives.length).toBe(81);
    expect(negatives.length).toBe(231);
    // The context detectors have their own tables (context-detectors.test.ts).
    const covered = new Set([...positives.map((p) => p.detector), ...CONTEXT_DETECTORS.map((d) => d.id)]);
    expect(SECRET_DETECTORS.filter((d) => !covered.has(d.id)).map((d) => d.id)).toEqual([]);
  });

  it("gives every detector a unique id, keywords and a public source", () => {
    const ids = SECRET_DETECTORS.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const d of SECRET_DETECTORS) {
      expect(d.keywords.length, d.id).toBeGreaterThan(0);
      expect(
        d.keywords.every((k) => k === k.toLowerCase()),
        d.id,
      ).toBe(true);
      expect(d.source.length, d.id).toBeGreaterThan(10);
      expect(["very-high", "high", "medium"], d.id).toContain(d.precision);
      expect(d.pattern.flags, d.id).toContain("d");
      expect(d.pattern.flags, d.id).toContain("g");
    }
  });

  describe("finds every positive with the right detector and exact value", () => {
    for (const [i, p] of positives.entries()) {
      it(`#${i} ${p.detector}`, () => {
        expect(scanSecrets(p.text).map((m) => [m.detectorId, m.value])).toEqual([[p.detector, p.value]]);
      });
    }
  });

  describe("finds nothing in any negative", () => {
    for (const [i, text] of negatives.entries()) {
      it(`#${i} ${text.slice(0, 60).replace(/\n/g, "⏎")}`, () => {
        expect(scanSecrets(text)).toEqual([]);
      });
    }
  });
});
