/**
 * CPU time of synchronous calls, for tests that judge how work grows — never for speed (that is
 * `npm run bench`). CPU time (user + system of this process) rather than wall time: another
 * process on a shared two-core machine stretches the wall clock, not the work a call does. It
 * still counts this process's other threads (the garbage collector's), so no test compares it
 * with a tight bound: {@link measureGrowth} compares a run with one on a tenth of the input.
 */

/** Runs `fn` and returns the CPU milliseconds it used. */
export function cpuMs(fn: () => void): number {
  const before = process.cpuUsage();
  fn();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

/** CPU milliseconds of a run on a small input and on one ten times larger, and the most the larger may take. */
export interface Growth {
  smallMs: number;
  largeMs: number;
  /** `factor` × the small run's time (at least `floorMs`): linear work is ~10×, quadratic ~100×. */
  limitMs: number;
}

/** Options of {@link measureGrowth}. */
export interface GrowthOptions {
  /** How many times the small run's time the large one may take (default 30). */
  factor?: number;
  /** The small run counts as at least this many milliseconds, so timer noise on a tiny run cannot fail a test (default 50). */
  floorMs?: number;
  /** Measurements before giving up; each keeps the fewest milliseconds seen (default 3; a run over the limit is measured again). */
  tries?: number;
}

/**
 * Measures `small` (an input of size n) and `large` (10 n), the inputs built beforehand by the
 * caller so only the work is timed. Tries again while the large run is over the limit, keeping the
 * least time of each (a GC pause or a busy sibling thread inflates a try, never shrinks it).
 */
export function measureGrowth(small: () => void, large: () => void, options: GrowthOptions = {}): Growth {
  const factor = options.factor ?? 30;
  const floorMs = options.floorMs ?? 50;
  let smallMs = Number.POSITIVE_INFINITY;
  let largeMs = Number.POSITIVE_INFINITY;
  small(); // warm-up: compiled code for both runs, so the small one is not charged for the JIT
  for (let attempt = 0; attempt < (options.tries ?? 3); attempt++) {
    smallMs = Math.min(smallMs, cpuMs(small));
    largeMs = Math.min(largeMs, cpuMs(large));
    if (largeMs <= factor * Math.max(smallMs, floorMs)) break;
  }
  return { smallMs, largeMs, limitMs: factor * Math.max(smallMs, floorMs) };
}

/** One line for an assertion message: `12 ms for 100 KB, 130 ms for 1 MB (limit 1500 ms)`. */
export function describeGrowth(growth: Growth, small = "100 KB", large = "1 MB"): string {
  return `${Math.round(growth.smallMs)} ms for ${small}, ${Math.round(growth.largeMs)} ms for ${large} (limit ${Math.round(growth.limitMs)} ms)`;
}
