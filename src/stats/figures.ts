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
  for (const profile of profiles) figures.push(figure(`profile:${profile}`, `profile ${profile}`, count((f) => f.profile === profile), n));
  figures.push(figure("v1-headings", "v1 headings (Durable context, Verified facts, Next action)", count((f) => f.v1Headings), n));
  figures.push(figure("hypotheses", "Hypotheses section", count((f) => f.hypotheses), n));
  const withSections = handoffs.filter((f) => f.nextAction !== undefined);
  figures.push(figure("next-action", "says what to do next (as the next-action rule reads it; of those with sections)", count((f) => f.nextAction === true, withSections), withSections.length));
  figures.push(figure("job-records", "background job recorded inline (PID, log path, exit code)", count((f) => f.jobRecord), n));
  const withFrontmatter = handoffs.filter((f) => f.frontmatterPresent);
  figures.push(figure("frontmatter-present", "frontmatter present", withFrontmatter.length, n));
  figures.push(figure("frontmatter-valid", "frontmatter valid for its profile (of those with frontmatter)", count((f) => f.frontmatterValid, withFrontmatter), withFrontmatter.length));
  for (const profile of profiles) {
    // Documents the profile's sections apply to (an sno cutover brief has none).
    const ofProfile = handoffs.filter((f) => f.profile === profile && Object.keys(f.requiredSections).length > 0);
    const titles = [...new Set(ofProfile.flatMap((f) => Object.keys(f.requiredSections)))];
    for (const title of titles) {
      figures.push(figure(`section:${profile}:${title}`, `${profile}: section '${title}'`, count((f) => f.requiredSections[title] === true, ofProfile), ofProfile.length));
    }
  }
  const withIntegrity = handoffs.filter((f) => f.integrityPresent);
  figures.push(figure("integrity-present", "integrity digest present", withIntegrity.length, n));
  figures.push(figure("integrity-valid", "integrity digest valid (of those with one)", count((f) => f.integrityValid, withIntegrity), withIntegrity.length));
  figures.push(figure("expired", "expired", count((f) => f.expired), n));
  figures.push(figure("secret-findings", "documents with secret findings", count((f) => f.secretFindings), n));
  figures.push(figure("injection-findings", "documents with injection findings", count((f) => f.injectionFindings), n));
  figures.push(figure("zero-errors", "documents with zero errors", count((f) => f.errors === 0), n));
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

/** A `--fail-under FIGURE=SHARE` gate. */
export interface Gate {
  id: string;
  /** Minimum share, 0..1. */
  min: number;
}

/**
 * Parses `FIGURE=SHARE` where SHARE is `0.4` or `40%`.
 * @throws Error with a one-line message for malformed input.
 */
export function parseGate(text: string): Gate {
  const match = /^([\w:.' -]+)=(\d+(?:\.\d+)?)(%?)$/.exec(text);
  if (!match) throw new Error(`--fail-under expects FIGURE=SHARE (e.g. v1-headings=0.4 or v1-headings=40%), got '${text}'`);
  const value = Number(match[2]) / (match[3] ? 100 : 1);
  if (value < 0 || value > 1) throw new Error(`--fail-under share must be between 0 and 1 (or 0% and 100%), got '${match[2]}${match[3]}'`);
  return { id: match[1] as string, min: value };
}

/** The gates that fail, with the figure they read (undefined when the figure does not exist). */
export function failedGates(report: StatsReport, gates: readonly Gate[]): Array<{ gate: Gate; figure: Figure | undefined }> {
  return gates
    .map((gate) => ({ gate, figure: report.figures.find((f) => f.id === gate.id) ?? absentFigure(report, gate.id) }))
    .filter(({ gate, figure }) => !figure || figure.share < gate.min);
}

/**
 * A per-profile figure that is absent because no document has that profile reads as 0 of all
 * handoffs (a gate on it fails rather than being a usage error); other unknown ids stay unknown.
 */
function absentFigure(report: StatsReport, id: string): Figure | undefined {
  if (!/^(?:profile|section):[\w-]+/.test(id)) return undefined;
  return figure(id, id, 0, report.handoffs);
}
