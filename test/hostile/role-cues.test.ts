/**
 * The section-role classifier on a hostile heading, read in one pass. The ReDoS check of every cue
 * pattern and the growth measurements are in ./role-cues.extra.test.ts.
 */
import { describe, expect, it } from "vitest";
import { classifyHeading } from "../../src/2-parse/roles/roles.js";
import { cpuMs } from "../helpers/cpu-time.js";

/** CPU milliseconds of `fn`, the best of three (a loaded machine only ever adds time). */
const best = (fn: () => void) => Math.min(cpuMs(fn), cpuMs(fn), cpuMs(fn));

describe("role classifier: linear growth", () => {
  it("a hostile heading of separators, brackets and conjunctions is read in one pass", () => {
    const hostile = "((((( a / b & c , d — e : f ".repeat(40_000);
    expect(best(() => classifyHeading(hostile))).toBeLessThan(2_000);
  });
});
