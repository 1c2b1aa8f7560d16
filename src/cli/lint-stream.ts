/**
 * `lint` to standard output as files finish, for the `stylish` and `json` formats: each file's
 * (masked) result is baselined, counted, rendered and written as soon as it and every file before
 * it are done, then dropped. The text is byte for byte that of rendering the collected results.
 * (`--output-file`, `--write-baseline`, SARIF, GitHub and JUnit need the whole run: they collect.)
 */
import type { MaskedFileResult } from "../engine/diagnostic.js";
import { postProcess, createTally, type PostProcessOptions, type RunTally } from "../pipeline/post-process.js";
import { lintPaths, type LintPathsOptions } from "../pipeline/schedule.js";
import type { LintSession } from "../pipeline/session.js";
import { formatJsonEnd, formatJsonFile, formatJsonStart } from "../report/json.js";
import { formatStylishFile, formatStylishSummary } from "../report/stylish.js";
import type { CommandIO } from "./io.js";
import { createProgress } from "./progress.js";

/** How {@link streamLint} reports. */
export interface StreamOptions {
  format: "stylish" | "json";
  color: boolean;
  /** Baseline and `--quiet` (the exit code still counts every finding). */
  post: PostProcessOptions;
  /** Report the inputs that matched (`--no-error-on-unmatched-pattern`) even when another matched nothing. */
  reportWhenUnmatched?: boolean;
  lint: Pick<LintPathsOptions, "workers" | "cache">;
}

/** What the run's exit code and closing messages need. */
export interface StreamOutcome {
  tally: RunTally;
  unmatched: string[];
  cacheWarning?: string;
}

/** Lints `inputs`, writing the report to `io.stdout` as it goes (nothing when an input matches no file). */
export async function streamLint(inputs: readonly string[], session: LintSession, io: CommandIO, options: StreamOptions): Promise<StreamOutcome> {
  const tally = createTally();
  let written = 0;
  let silent = false;
  const progress = createProgress(io);
  const write = (text: string) => {
    if (silent || text === "") return;
    progress?.end();
    io.stdout.write(text);
  };
  const onResult = (linted: MaskedFileResult) => {
    const shown = postProcess(linted, options.post, tally);
    write(options.format === "json" ? formatJsonFile(shown, written) : formatStylishFile(shown, { color: options.color }));
    written++;
    // After the file's lines, so the line stays visible below them.
    progress?.tick();
  };
  let run;
  try {
    run = await lintPaths(inputs, session, onResult, {
      ...options.lint,
      keepResults: false,
      onStart: (total, unmatched) => {
        // An input that matches nothing is a usage error: no report at all, as without streaming.
        silent = unmatched.length > 0 && !options.reportWhenUnmatched;
        progress?.start(total);
        if (options.format === "json") write(formatJsonStart());
      },
    });
  } finally {
    progress?.end();
  }
  write(options.format === "json" ? formatJsonEnd(tally.shown, written) : formatStylishSummary(tally.shown, { color: options.color }));
  return { tally, unmatched: run.unmatched, ...(run.cacheWarning ? { cacheWarning: run.cacheWarning } : {}) };
}
