/**
 * CPU time of a synchronous call, for the "must finish within a bound" tests of regexes and rules.
 * CPU time (user + system of this process) rather than wall time: on a shared two-core machine
 * another process can stretch the wall clock, but not the work this call does.
 */

/** Runs `fn` and returns the CPU milliseconds it used. */
export function cpuMs(fn: () => void): number {
  const before = process.cpuUsage();
  fn();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}
