/**
 * Adoption figures: counts and shares over a set of {@link DocumentFacts}.
 */
import type { DocumentFacts } from "./facts.js";

/** One figure: `count` of `total` documents, `share` = count / total (0 when total is 0). */
export interface Figure {
  /** Stable id used by `--fail-under` and JSON output: `v1-headings`, `profile:hatch3r`, `section:hatch3r:Problem`. */
  id: string;
  label: string;
  count: number;
  total: number;
  /** count / total, rounded to 4 decimals. */
  share: number;
}

/** The whole report. */
export interface StatsReport {
  files: number;
  handoffs: number;
  pointers: number;
  other: number;
  figures: Figure[];
  /** Handoffs with the most errors, worst first (at most 10). */
  worst: Array<{ path: string; errors: number; warnings: number }>;
}

function figure(id: string, label: string, count: number, total: number): Figure {
  return { id, label, count, total, share: total === 0 ? 0 : Math.round((count / total) * 10000) / 10000 };
}

/** Aggregates facts into figures. Pointer and other files are counted apart, never as failures. */
export function computeFigures(facts: readonly DocumentFacts[]): StatsReport {
  const handoffs = facts.filter((f) => f.kind === "handoff");
  const n = handoffs.length;
  const count = (predicate: (f: DocumentFacts) => boolean, from: readonly DocumentFacts[] = handoffs) => from.filter(predicate).length;
  const figures: Figure[] = [];
  const profiles = [...new Set(handoffs.map((f) => f.profile))].sort();
  for (const profile of profiles)
    figures.push(
      figure(
        `profile:${profile}`,
        `profile ${profile}`,
        count((f) => f.profile === profile),
        n,
      ),
    );
  figures.push(
    figure(
      "v1-headings",
      "v1 headings (Durable context, Verified facts, Next action)",
      count((f) => f.v1Headings),
      n,
    ),
  );
  figures.push(
    figure(
      "hypotheses",
      "Hypotheses section",
      count((f) => f.hypotheses),
      n,
    ),
  );
  const withSections = handoffs.filter((f) => f.nextAction !== undefined);
  figures.push(
    figure(
      "next-action",
      "says what to do next (as the next-action rule reads it; of those with sections that need one)",
      count((f) => f.nextAction === true, withSections),
      withSections.length,
    ),
  );
  figures.push(
    figure(
      "job-records",
      "background job recorded inline (PID, log path, exit code)",
      count((f) => f.jobRecord),
      n,
    ),
  );
  const withFrontmatter = handoffs.filter((f) => f.frontmatterPresent);
  figures.push(figure("frontmatter-present", "frontmatter present", withFrontmatter.length, n));
  figures.push(
    figure(
      "frontmatter-valid",
      "frontmatter valid for its profile (of those with frontmatter)",
      count((f) => f.frontmatterValid, withFrontmatter),
      withFrontmatter.length,
    ),
  );
  for (const profile of profiles) {
    // Documents the profile's sections apply to (an sno cutover brief has none).
    const ofProfile = handoffs.filter((f) => f.profile === profile && Object.keys(f.requiredSections).length > 0);
    const titles = [...new Set(ofProfile.flatMap((f) => Object.keys(f.requiredSections)))];
    for (const title of titles) {
      figures.push(
        figure(
          `section:${profile}:${title}`,
          `${profile}: section '${title}'`,
          count((f) => f.requiredSections[title] === true, ofProfile),
          ofProfile.length,
        ),
      );
    }
  }
  const withIntegrity = handoffs.filter((f) => f.integrityPresent);
  figures.push(figure("integrity-present", "integrity digest present", withIntegrity.length, n));
  figures.push(
    figure(
      "integrity-valid",
      "integrity digest valid (of those with one)",
      count((f) => f.integrityValid, withIntegrity),
      withIntegrity.length,
    ),
  );
  figures.push(
    figure(
      "expired",
      "expired",
      count((f) => f.expired),
      n,
    ),
  );
  figures.push(
    figure(
      "secret-findings",
      "documents with secret findings",
      count((f) => f.secretFindings),
      n,
    ),
  );
  figures.push(
    figure(
      "injection-findings",
      "documents with injection findings",
      count((f) => f.injectionFindings),
      n,
    ),
  );
  figures.push(
    figure(
      "zero-errors",
      "documents with zero errors",
      count((f) => f.errors === 0),
      n,
    ),
  );
  const worst = [...handoffs]
    .filter((f) => f.errors > 0)
    .sort((a, b) => b.errors - a.errors || b.warnings - a.warnings || (a.path < b.path ? -1 : 1))
    .slice(0, 10)
    .map((f) => ({ path: f.path, errors: f.errors, warnings: f.warnings }));
  return {
    files: facts.length,
    handoffs: n,
    pointers: count((f) => f.kind === "pointer", facts),
    other: count((f) => f.kind === "other", facts),
    figures,
    worst,
  };
}

/** Figures that count problems: lower is better, so a gate on them is usually a maximum. */
export const PROBLEM_FIGURES: readonly string[] = ["expired", "secret-findings", "injection-findings"];

/** A `--fail-under` gate: `FIGURE=SHARE` or `FIGURE>=SHARE` (a minimum), `FIGURE<=SHARE` (a maximum). */
export interface Gate {
  id: string;
  /** `>=`: the share must be at least `share`; `<=`: at most. */
  op: ">=" | "<=";
  /** The bound, 0..1. */
  share: number;
}

/**
 * Parses `FIGURE=SHARE`, `FIGURE>=SHARE` or `FIGURE<=SHARE`, where SHARE is `0.4` or `40%`.
 * @throws Error with a one-line message for malformed input.
 */
export function parseGate(text: string): Gate {
  const match = /^([^<>=]+)(<=|>=|=)(\d+(?:\.\d+)?)(%?)$/.exec(text);
  if (!match) throw new Error(`--fail-under expects FIGURE=SHARE, FIGURE>=SHARE or FIGURE<=SHARE (e.g. v1-headings=40%, expired<=0), got '${text}'`);
  const value = Number(match[3]) / (match[4] ? 100 : 1);
  if (value < 0 || value > 1) throw new Error(`--fail-under share must be between 0 and 1 (or 0% and 100%), got '${match[3]}${match[4]}'`);
  return { id: (match[1] as string).trim(), op: match[2] === "<=" ? "<=" : ">=", share: value };
}

/** How one gate came out. */
export interface GateOutcome {
  gate: Gate;
  /** The figure it read; undefined when no figure has that id. */
  figure: Figure | undefined;
  /** `pass`, `fail`, `empty` (0 of 0: nothing to measure, a pass), or `unknown` (no such figure). */
  result: "pass" | "fail" | "empty" | "unknown";
}

/** Every gate's outcome, in the order given. */
export function evaluateGates(report: StatsReport, gates: readonly Gate[]): GateOutcome[] {
  return gates.map((gate) => {
    const figure = report.figures.find((f) => f.id === gate.id) ?? absentFigure(report, gate.id);
    if (!figure) return { gate, figure, result: "unknown" };
    if (figure.total === 0) return { gate, figure, result: "empty" };
    const holds = gate.op === ">=" ? figure.share >= gate.share : figure.share <= gate.share;
    return { gate, figure, result: holds ? "pass" : "fail" };
  });
}

/**
 * A per-profile figure that is absent because no document has that profile, with the denominator
 * the table gives it when present: `profile:<id>` is 0 of all handoffs, `section:<id>:<title>` is 0
 * of the documents of that profile, none. Other unknown ids stay unknown.
 */
function absentFigure(report: StatsReport, id: string): Figure | undefined {
  if (/^profile:[\w-]+$/.test(id)) return figure(id, id, 0, report.handoffs);
  if (/^section:[\w-]+:/.test(id)) return figure(id, id, 0, 0);
  return undefined;
}
