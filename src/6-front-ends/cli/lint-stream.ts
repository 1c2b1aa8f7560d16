/**
 * `lint` to standard output as files finish, for the `stylish` and `json` formats: each file's
 * (masked, post-processed) result from the `lint` operation is rendered and written as soon as it
 * and every file before it are done, then dropped. The text is byte for byte that of rendering the
 * collected results. (`--output-file`, `--write-baseline`, SARIF, GitHub and JUnit need the whole
 * run: they collect.)
 */
import { lintHandoffs, type LintRunOptions, type LintRunResult } from "../../5-operations/lint.js";
import { formatJsonEnd, formatJsonFile, formatJsonStart } from "../../4-report/json.js";
import { formatStylishFile, formatStylishSummary } from "../../4-report/stylish.js";
import type { CommandIO } from "./io.js";
import { hiddenByQuiet } from "./output.js";
import { createProgress } from "./progress.js";

/** How {@link streamLint} reports. */
export interface StreamOptions {
  format: "stylish" | "json";
  color: boolean;
}

/** Lints what `run` names, writing the report to `io.stdout` as it goes (nothing when an input matches no file and that is an error). */
export async function streamLint(run: LintRunOptions, io: CommandIO, options: StreamOptions): Promise<LintRunResult> {
  let written = 0;
  let silent = false;
  const progress = createProgress(io);
  const write = (text: string) => {
    if (silent || text === "") return;
    progress?.end();
    io.stdout.write(text);
  };
  let result: LintRunResult;
  try {
    result = await lintHandoffs(
      {
        ...run,
        keepResults: false,
        onStart: (total, unmatched) => {
          // An input that matches nothing is a usage error: no report at all, as without streaming.
          silent = unmatched.length > 0 && run.errorOnUnmatchedPattern !== false;
          progress?.start(total);
          if (options.format === "json") write(formatJsonStart());
        },
        onResult: (shown) => {
          write(options.format === "json" ? formatJsonFile(shown, written) : formatStylishFile(shown, { color: options.color }));
          written++;
          // After the file's lines, so the line stays visible below them.
          progress?.tick();
        },
      },
      io,
    );
  } finally {
    progress?.end();
  }
  write(
    options.format === "json"
      ? formatJsonEnd(result.tally.shown, written)
      : formatStylishSummary(result.tally.shown, {
          color: options.color,
          hidden: hiddenByQuiet(result.tally),
        }),
  );
  return result;
}
