/**
 * `stats`: schema-adoption figures over handoffs (counts and shares), for CI; with `history`, the
 * figures at each commit that changed a directory (read from git, nothing checked out); with
 * `gates`, whether each `--fail-under` gate holds.
 */
import { statSync } from "node:fs";
import path from "node:path";
import { ConfigError } from "../3-check/engine/config.js";
import { commitsTouching, filesAtCommit } from "./git/history.js";
import { workTreeRoot } from "../0-platform/git/queries.js";
import { analyzePaths, analyzeSource, createSession, type LintSession } from "../3-check/lint.js";
import { isHandoffInDirectory } from "../1-load/handoff-files.js";
import { DEFAULT_MAX_FILE_BYTES, sourceFromBytes } from "../1-load/read.js";
import type { HistoryPoint } from "../4-report/stats/chart.js";
import { documentFacts, type DocumentFacts } from "../4-report/stats/facts.js";
import { computeFigures, evaluateGates, parseGate, type GateOutcome, type StatsReport } from "../4-report/stats/figures.js";
import { defaultInputs } from "./store/resolve.js";
import { configFor, envOf, type OperationContext } from "./context.js";
import { selectedBackend, withStore, type StoreOptions } from "./store-access.js";

/** Options of {@link handoffStats}. */
export interface StatsOptions extends StoreOptions {
  /** Figures at each commit that changed the (one) directory given, oldest first. */
  history?: boolean;
  /** With `history`: commits since this date (as git reads `--since`). */
  since?: string;
  /** Gates, each `FIGURE=SHARE`, `FIGURE>=SHARE` (a minimum) or `FIGURE<=SHARE` (a maximum); SHARE is `0.4` or `40%`. */
  failUnder?: readonly string[];
}

/** What `stats` measured. */
export type StatsResult =
  | {
      kind: "figures";
      report: StatsReport;
      /** Inputs that matched no file (the figures are then not to be trusted: a usage error). */
      unmatched: string[];
      gates: GateOutcome[];
    }
  | {
      kind: "history";
      /** Oldest first; the gates read the newest. */
      points: HistoryPoint[];
      gates: GateOutcome[];
    };

/** Figures over the files under `inputs`. */
export async function statsForPaths(inputs: readonly string[], session: LintSession): Promise<{ report: StatsReport; unmatched: string[] }> {
  const facts: DocumentFacts[] = [];
  const { unmatched } = await analyzePaths(inputs, session, (file) => {
    facts.push(documentFacts(file.document, file.profile, file.result));
  });
  return { report: computeFigures(facts), unmatched };
}

/** Figures at each commit that changed `target`, oldest first. */
export async function statsHistory(target: string, session: LintSession, since?: string): Promise<HistoryPoint[]> {
  const abs = path.resolve(session.cwd, target);
  if (!statSync(abs, { throwIfNoEntry: false })?.isDirectory()) {
    throw new ConfigError(`--history takes a directory inside a git repository; '${target}' is not a directory`);
  }
  let root: string;
  try {
    root = await workTreeRoot(abs);
  } catch {
    throw new ConfigError(`--history: '${target}' is not inside a git repository`);
  }
  const points: HistoryPoint[] = [];
  for (const commit of await commitsTouching(root, abs, since)) {
    const files = await filesAtCommit(root, commit.sha, abs, (file) => isHandoffInDirectory(file));
    const facts = files.map((file) => {
      const analyzed = analyzeSource(
        sourceFromBytes(path.join(root, file.path), file.bytes, session.cwd, { maxBytes: session.maxFileSize ?? DEFAULT_MAX_FILE_BYTES }),
        session,
      );
      return documentFacts(analyzed.document, analyzed.profile, analyzed.result);
    });
    points.push({ commit: commit.sha, date: commit.date, report: computeFigures(facts) });
  }
  return points;
}

/**
 * Figures over `paths` (files, directories or globs; default: the handoff store, else `.`; with the
 * git store and no paths, its handoffs).
 * @throws ConfigError for a bad gate or config, or `history` without exactly one directory in a
 * repository; GitError for git failures.
 */
export async function handoffStats(paths: readonly string[], options: StatsOptions, context: OperationContext): Promise<StatsResult> {
  let gates;
  try {
    gates = (options.failUnder ?? []).map(parseGate);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  if (paths.length === 0 && !options.history && selectedBackend(options, context) === "git") {
    return (await withStore(options, context, false, (opened) => statsOf([opened.store.location.root], options, gates, context))).result;
  }
  return statsOf(paths, options, gates, context);
}

async function statsOf(
  paths: readonly string[],
  options: StatsOptions,
  gates: ReturnType<typeof parseGate>[],
  context: OperationContext,
): Promise<StatsResult> {
  const session = createSession({ cwd: context.cwd, config: configFor(context.cwd, options.config).config, profile: options.profile, now: options.now });
  const inputs = paths.length > 0 ? [...paths] : defaultInputs(context.cwd, envOf(context));
  if (options.history) {
    if (inputs.length !== 1) throw new ConfigError("--history takes exactly one directory");
    const points = await statsHistory(inputs[0] as string, session, options.since);
    const newest = points[points.length - 1];
    return { kind: "history", points, gates: newest ? evaluateGates(newest.report, gates) : [] };
  }
  const { report, unmatched } = await statsForPaths(inputs, session);
  return { kind: "figures", report, unmatched, gates: evaluateGates(report, gates) };
}
