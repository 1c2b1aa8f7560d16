/**
 * The section-role classifier on hostile input: every cue pattern through the recheck ReDoS
 * checker (the cue table is compiled with `new RegExp`, so the literal scan of redos.test.ts does
 * not see it), and linear growth — a heading, a document of headings and an ordered list ten
 * times longer must not cost much more than ten times as much (the classifier reads at most 240
 * characters of a heading and 200 items of a list, so they cost about the same).
 */
import type { List, ListItem } from "mdast";
import { beforeAll, describe, expect, it } from "vitest";
import { holdsOrderedInstructions } from "../../src/2-parse/roles/role-body.js";
import { CUE_GROUPS } from "../../src/2-parse/roles/role-cues.js";
import { classifyHeading } from "../../src/2-parse/roles/roles.js";
import { createSession, lintText } from "../../src/3-check/lint.js";
import { cpuMs } from "../helpers/cpu-time.js";

type Check = (source: string, flags: string, params?: { timeout?: number }) => { status: "safe" | "vulnerable" | "unknown"; complexity?: { type: string } };
let checkSync: Check;
beforeAll(async () => {
  process.env.RECHECK_BACKEND = "pure";
  ({ checkSync } = (await import("recheck")) as unknown as { checkSync: Check });
});

/** CPU milliseconds of `fn`, the best of three (a loaded machine only ever adds time). */
const best = (fn: () => void) => Math.min(cpuMs(fn), cpuMs(fn), cpuMs(fn));

describe("role classifier: linear growth", () => {
  

  it("a hostile heading of separators, brackets and conjunctions is read in one pass", () => {
    const hostile = "((((( a / b & c , d — e : f ".repeat(40_000);
    expect(best(() => classifyHeading(hostile))).toBeLessThan(2_000);
  });

  

  
});
