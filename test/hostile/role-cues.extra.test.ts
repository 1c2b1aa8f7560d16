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

describe("role cues: ReDoS", () => {
  it("no cue pattern is vulnerable, as compiled (an alternation of safe patterns, never repeated, stays linear)", () => {
    const vulnerable: string[] = [];
    let checked = 0;
    for (const group of CUE_GROUPS) {
      for (const kind of ["whole", "anchored", "start", "lead", "head", "any"] as const) {
        for (const pattern of group[kind] ?? []) {
          const source = kind === "whole" ? `^(?:${pattern})$` : kind === "any" ? `(?:${pattern})` : `(?:${pattern})(?![\\p{L}\\p{N}])`;
          const result = checkSync(source, "u", { timeout: 500 });
          checked++;
          if (result.status === "vulnerable") vulnerable.push(`${group.roles.join(",")} ${kind} /${pattern}/ (${result.complexity?.type})`);
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
    expect(vulnerable).toEqual([]);
  }, 600_000);
});

describe("role classifier: linear growth", () => {
  it("a 1 MB heading costs about what a 100 KB one does (only its first 240 characters are read)", () => {
    // Flat strings, each with its own start: answers are cached by a heading's first 240
    // characters, so no heading of one size may share its start with one of the other.
    const headings = (size: string, repeat: number) =>
      Array.from({ length: 40 }, (_, i) => Buffer.from(`${size}${i} ${"Next steps for the parser ".repeat(repeat)}`).toString("utf8"));
    expect(classifyHeading(headings("first", 40_000)[0] as string)).toEqual(["next-action"]);
    // The best of three runs, each over headings not seen before (a cached answer costs nothing);
    // the small run counts as at least 5 ms, so timer and collector noise on a run of a few
    // milliseconds cannot fail the test, while reading whole 1 MB headings (~100 ms) would.
    const run = (size: string, repeat: number) => {
      const texts = headings(size, repeat);
      return cpuMs(() => texts.forEach((text) => classifyHeading(text)));
    };
    const small = Math.min(run("s1", 4_000), run("s2", 4_000), run("s3", 4_000));
    const large = Math.min(run("l1", 40_000), run("l2", 40_000), run("l3", 40_000));
    expect(large / Math.max(small, 5)).toBeLessThan(5);
  });

  it("ten times as many distinct headings cost about ten times as much", () => {
    const doc = (n: number) => Array.from({ length: n }, (_, i) => `## Open item ${i} for the parser\n\ntext\n`).join("\n");
    const session = createSession({ cwd: "/virtual", onlyRules: ["next-action"] });
    const small = doc(1_000);
    const large = doc(10_000);
    const ratio = best(() => lintText("large.md", large, session)) / best(() => lintText("small.md", small, session));
    expect(ratio).toBeLessThan(30);
  }, 600_000);

  it("an ordered list of a million items costs about what one of a hundred thousand does (200 items are read)", () => {
    const list = (n: number): List => ({
      type: "list",
      ordered: true,
      children: Array.from({ length: n }, (): ListItem => ({
        type: "listItem",
        children: [{ type: "paragraph", children: [{ type: "text", value: "Run the step" }] }],
      })),
    });
    const small = list(100_000);
    const large = list(1_000_000);
    expect(holdsOrderedInstructions([large])).toBe(true);
    const ratio =
      best(() => holdsOrderedInstructions([large])) /
      Math.max(
        best(() => holdsOrderedInstructions([small])),
        2,
      );
    expect(ratio).toBeLessThan(5);
  });
});
