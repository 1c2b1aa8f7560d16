/**
 * The progress line of a large `lint` run on a terminal: `files done/total` and the rate, redrawn
 * in place on standard error at most ten times a second and erased before the report is printed.
 * Never shown when either stream is not a terminal (piped, redirected), when `CI` is set (as CI
 * services do; `CI=false` or `CI=0` counts as unset), or for runs too short to need one.
 */
import type { CommandIO } from "./io.js";

/** Runs with fewer files finish before a progress line would help. */
export const MIN_FILES_FOR_PROGRESS = 50;

/** Milliseconds between redraws. */
const REDRAW_MS = 100;

/** Whether `io` is an interactive terminal outside CI. */
export function showsProgress(io: CommandIO): boolean {
  const ci = io.env.CI;
  const inCi = ci !== undefined && ci !== "" && ci !== "false" && ci !== "0";
  return !inCi && Boolean(io.stdout.isTTY) && Boolean(io.stderr.isTTY);
}

/** A progress line: {@link Progress.start} with the total, {@link Progress.tick} per file, {@link Progress.end} before reporting. */
export interface Progress {
  start(total: number): void;
  tick(): void;
  end(): void;
}

/**
 * The progress line for `io`, or undefined when none must be shown (see the module comment).
 * @param clock milliseconds since an epoch (tests pass a fake one).
 */
export function createProgress(io: CommandIO, clock: () => number = () => performance.now()): Progress | undefined {
  if (!showsProgress(io)) return undefined;
  // The line's own control sequences (CR, erase line) go around any escaping of stderr.
  const stderr = io.stderr.raw ?? io.stderr;
  let total = 0;
  let done = 0;
  let started = 0;
  let drawn = -Infinity;
  let visible = false;
  const draw = () => {
    const seconds = (clock() - started) / 1000;
    const rate = seconds > 0 ? Math.round(done / seconds) : 0;
    stderr.write(`\r\x1b[Khandoff: ${done}/${total} files (${rate} files/s)`);
    visible = true;
  };
  return {
    start(count) {
      total = count;
      started = clock();
    },
    tick() {
      done++;
      if (total < MIN_FILES_FOR_PROGRESS) return;
      const now = clock();
      if (now - drawn < REDRAW_MS && done < total) return;
      drawn = now;
      draw();
    },
    end() {
      if (visible) stderr.write("\r\x1b[K");
      visible = false;
    },
  };
}
