/**
 * Flags that contradict each other, or that mean nothing without another, are usage errors
 * (exit 2) instead of being settled silently: commander lets the last of `--color --no-color`
 * win, and ignores `--since` without `--history`.
 */
import type { Command } from "commander";

/** Flags that only mean something with another one: `{ "--since": "--history" }`. */
export type FlagRequirements = Readonly<Record<string, string>>;

/** The message of a flag given with its negation, e.g. `--color and --no-color cannot be combined`. */
export function contradictionMessage(flags: readonly string[]): string {
  return `${flags.join(" and ")} cannot be combined: give one`;
}

/**
 * Makes `command` refuse a flag given together with its `--no-` form (`--workers 3 --no-workers`,
 * `--config x.json --no-config`, `--color --no-color`), and a flag of `requirements` given
 * without the flag it needs. Both end the run through `command.error` (exit 2, one line).
 * Listens to commander's `option:<name>` events, so `--flag=value` and short forms count too.
 */
export function refuseFlagConflicts(command: Command, requirements: FlagRequirements = {}): Command {
  const given = new Map<string, string[]>();
  for (const option of command.options) {
    if (!option.long) continue;
    const long = option.long;
    command.on(`option:${option.name()}`, () => {
      const flags = given.get(option.attributeName()) ?? [];
      if (!flags.includes(long)) flags.push(long);
      given.set(option.attributeName(), flags);
    });
  }
  command.hook("preAction", () => {
    for (const flags of given.values()) {
      if (flags.length > 1) command.error(`handoff: ${contradictionMessage(flags)}`, { exitCode: 2, code: "handoff.conflictingFlags" });
    }
    const longs = new Set([...given.values()].flat());
    for (const [flag, needed] of Object.entries(requirements)) {
      if (longs.has(flag) && !longs.has(needed)) {
        command.error(`handoff: ${flag} needs ${needed}`, { exitCode: 2, code: "handoff.missingFlag" });
      }
    }
  });
  return command;
}
