/**
 * `handoff stats` and `lint` give the same answer about sections, because both ask the one role
 * classifier: a document counted with a section never gets a finding saying it has none, and a
 * document not counted never gets one saying it is there. Checked over corpus/ and the real public
 * handoffs (`shared/corpus-public/docs`, skipped with a message when absent), for every role that
 * stats counts and a rule checks: the next step (next-action, required-sections), hypotheses
 * (facts-hypotheses, required-sections) and each profile's required sections.
 */
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Diagnostic } from "../../src/3-check/engine/diagnostic.js";
import { analyzePaths, createSession, type AnalyzedFile } from "../../src/3-check/lint.js";
import { documentFacts, type DocumentFacts } from "../../src/4-report/stats/facts.js";
import { publicCorpusDir, repoRoot } from "../helpers/locations.js";

interface Checked {
  file: AnalyzedFile;
  facts: DocumentFacts;
}

/** The title of the section a required-sections `missing` finding names. */
const missingTitle = (d: Diagnostic) => (d.ruleId === "required-sections" && d.messageId === "missing" ? /'([^']+)'/.exec(d.message)?.[1] : undefined);

/** The role of the profile's section named `title`. */
const roleOf = (file: AnalyzedFile, title: string | undefined) => file.profile?.sections.find((spec) => spec.title === title)?.role;

/** A finding that says the document has no section of `role`. */
const saysNone = (file: AnalyzedFile, role: string) =>
  file.result.diagnostics.some(
    (d) => (role === "next-action" && d.ruleId === "next-action" && d.messageId === "missing") || roleOf(file, missingTitle(d)) === role,
  );

const targets: Array<[string, string | undefined]> = [["shared/corpus-public/docs", publicCorpusDir && path.join(publicCorpusDir, "docs")]];

describe.each(targets)("stats and lint agree on %s", (_name, dir) => {
  const checked: Checked[] = [];
  beforeAll(async () => {
    if (!dir) return;
    const session = createSession({ cwd: repoRoot, noConfig: true, now: new Date("2026-12-01T00:00:00Z") });
    await analyzePaths([dir], session, (file) => checked.push({ file, facts: documentFacts(file.document, file.profile, file.result) }));
  });

  it.skipIf(!dir)(dir ? "reads every file" : "skipped: ../shared/corpus-public is absent", () => {
    expect(checked.length).toBeGreaterThan(70);
  });

  it.skipIf(!dir)("next step: counted exactly when no finding says there is none", () => {
    const disagree = checked
      .filter(({ facts }) => facts.kind === "handoff" && facts.nextAction !== undefined)
      .filter(({ file, facts }) => facts.nextAction === saysNone(file, "next-action"))
      .map(({ file, facts }) => `${file.result.path} counted=${facts.nextAction}`);
    expect(disagree).toEqual([]);
    // Files stats does not ask for a next step (pointers, JSON records) get no such finding either.
    const asked = checked.filter(({ facts }) => facts.kind !== "handoff" || facts.nextAction === undefined).filter(({ file }) => saysNone(file, "next-action"));
    expect(asked.map(({ file }) => file.result.path)).toEqual([]);
  });

  it.skipIf(!dir)("hypotheses: a document counted with them is never told it has none; one told it mixes them is counted", () => {
    expect(checked.filter(({ file, facts }) => facts.hypotheses && saysNone(file, "hypotheses")).map(({ file }) => file.result.path)).toEqual([]);
    const mixed = checked.filter(({ file }) => file.result.diagnostics.some((d) => d.ruleId === "facts-hypotheses" && d.messageId === "combined"));
    expect(mixed.filter(({ facts }) => !facts.hypotheses).map(({ file }) => file.result.path)).toEqual([]);
  });

  it.skipIf(!dir)("required sections: counted present exactly when required-sections names none missing or misnamed", () => {
    const disagree: string[] = [];
    for (const { file, facts } of checked) {
      for (const [title, present] of Object.entries(facts.requiredSections)) {
        const reported = file.result.diagnostics.some(
          (d) => d.ruleId === "required-sections" && (d.messageId === "missing" || d.messageId === "misnamed") && d.message.includes(`'${title}'`),
        );
        if (present === reported) disagree.push(`${file.result.path} '${title}' counted=${present}`);
      }
    }
    expect(disagree).toEqual([]);
  });
});
