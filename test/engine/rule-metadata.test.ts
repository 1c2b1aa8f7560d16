/**
 * The rule contract as data: suppression policy, `runsAlways` and the inputs a rule reads are
 * declared in each rule's `meta`, and the engine, `--only` and the cache act on those fields — not
 * on tags or lists of rule ids. A rule that reads the run's clock must say so.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { builtinRules } from "../../rules/index.js";
import type { Rule } from "../../src/3-check/engine/rule.js";
import { createSession, lintText } from "../../src/3-check/lint.js";
import { analyzeSource } from "../../src/3-check/pipeline/analyze.js";
import { readSource } from "../../src/1-load/read.js";
import { repoRoot } from "../helpers/locations.js";

const ids = (predicate: (rule: Rule) => boolean) =>
  builtinRules
    .filter(predicate)
    .map((rule) => rule.meta.id)
    .sort();

function fakeRule(meta: Partial<Rule["meta"]>): Rule {
  return {
    meta: {
      id: "fake",
      code: "HK999",
      description: "test",
      defaultSeverity: "error",
      profiles: "all",
      formats: ["markdown"],
      tags: [],
      messages: { found: "found" },
      ...meta,
    },
    check: (_document, context) => context.report({ messageId: "found", line: 2, column: 1 }),
  };
}

describe("rule metadata", () => {
  it("declares which rules no comment of the document silences, and which no blanket comment does", () => {
    const noInline = ids((rule) => rule.meta.suppression?.inline === false);
    expect(noInline).toEqual(ids((rule) => rule.meta.id.startsWith("injection-")));
    expect(noInline).toHaveLength(9);
    expect(ids((rule) => rule.meta.suppression?.blanket === false)).toEqual([...noInline, "no-secrets"].sort());
  });

  it("declares the rules that stay on under --only", () => {
    expect(ids((rule) => rule.meta.runsAlways === true)).toEqual(["file-encoding", "file-read", "markdown-limits"]);
  });

  it("is what the engine acts on, whatever the tags say", () => {
    const text = "# Handoff\nfound\n";
    const run = (meta: Partial<Rule["meta"]>, comment: string) =>
      lintText("handoff.md", `<!-- ${comment} -->\n${text}`, createSession({ cwd: "/virtual", rules: [fakeRule(meta)] })).diagnostics.length;
    // Tags alone change nothing.
    expect(run({ tags: ["injection", "security"] }, "handoff-disable-next-line")).toBe(0);
    expect(run({ suppression: { inline: false } }, "handoff-disable-next-line fake")).toBe(1);
    expect(run({ suppression: { blanket: false } }, "handoff-disable-next-line")).toBe(1);
    expect(run({ suppression: { blanket: false } }, "handoff-disable-next-line fake")).toBe(0);
    const only = createSession({ cwd: "/virtual", rules: [fakeRule({ runsAlways: true })], onlyRules: ["no-secrets"] });
    expect(lintText("handoff.md", text, only).diagnostics.map((d) => d.ruleId)).toEqual(["fake"]);
    const tagged = createSession({ cwd: "/virtual", rules: [fakeRule({ tags: ["file"] })], onlyRules: ["no-secrets"] });
    expect(lintText("handoff.md", text, tagged).diagnostics).toEqual([]);
  });

  it("names the clock among the inputs of every rule that reads it over corpus/", async () => {
    const session = createSession({
      cwd: repoRoot,
      config: { rules: Object.fromEntries(builtinRules.map((rule) => [rule.meta.id, "warning"])) },
      now: new Date("2026-03-01T12:00:00Z"),
    });
    const readers = new Set<string>();
    const dir = path.join(repoRoot, "corpus");
    for (const name of readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((n) => /\.(?:md|json)$/.test(n))
      .sort()) {
      analyzeSource(await readSource(path.join(dir, name), { cwd: repoRoot }), session, { onClockRead: (id) => readers.add(id) });
    }
    expect([...readers].sort()).toEqual(["expiry", "stale"]);
    const undeclared = [...readers].filter((id) => !(builtinRules.find((rule) => rule.meta.id === id)?.meta.reads ?? []).includes("clock"));
    expect(undeclared).toEqual([]);
    expect(ids((rule) => rule.meta.reads?.includes("clock") === true)).toEqual(["expiry", "stale"]);
  });
});
