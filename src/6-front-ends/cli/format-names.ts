/**
 * One name for the output meant for people in every command: `text`. The names the same output
 * had before, and has in the tools people know, stay as aliases: `stylish` (ESLint's, `lint`) and
 * `table` (`list`, `stats`). Each command lists its machine formats beside it.
 */
import { Option } from "commander";
import { UsageError } from "./errors.js";

/** The people-readable output of every command. */
export const TEXT_FORMAT = "text";

/** Other names of {@link TEXT_FORMAT}, accepted by every command. */
export const TEXT_ALIASES: readonly string[] = ["stylish", "table"];

/**
 * The format `given` names among `text` and `machine`: an alias becomes `text`.
 * @returns undefined for a name that is neither.
 */
export function canonicalFormat(given: string, machine: readonly string[]): string | undefined {
  if (given === TEXT_FORMAT || TEXT_ALIASES.includes(given)) return TEXT_FORMAT;
  return machine.includes(given) ? given : undefined;
}

/** The formats a command knows, for its --help and its unknown-format message: `text (or stylish, table), json`. */
export function formatNames(machine: readonly string[]): string {
  return [`${TEXT_FORMAT} (or ${TEXT_ALIASES.join(", ")})`, ...machine].join(", ");
}

/** The message for a format a command does not know. */
export function unknownFormatMessage(given: string, machine: readonly string[]): string {
  return `unknown format '${given}' (known: ${formatNames(machine)})`;
}

/**
 * The `-f, --format` option of a command whose formats are `text` (and its aliases, read as
 * `text`) and `machine`; default `text`. An unknown name is a usage error naming them all.
 */
export function textFormatOption(machine: readonly string[], description = `output format: ${formatNames(machine)}`): Option {
  return new Option("-f, --format <format>", description).default(TEXT_FORMAT).argParser((value: string) => {
    const format = canonicalFormat(value, machine);
    if (!format) throw new UsageError(unknownFormatMessage(value, machine));
    return format;
  });
}
