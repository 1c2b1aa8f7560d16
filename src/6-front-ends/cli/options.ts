/**
 * The options several commands share, declared once: config file, clock, profile and output
 * format. Values are checked by commander as they are parsed (`argParser`), so a command receives
 * them checked (`--now` as a Date) and a bad value ends the run with one `handoff: …` line, exit 2,
 * through the program's error mapping (`./errors.ts`).
 */
import { Option } from "commander";
import { parseNow, UsageError } from "./errors.js";

/** `-c, --config <file>`: use this config file instead of searching for one. */
export function configOption(): Option {
  return new Option("-c, --config <file>", "use this config file instead of searching for one");
}

/** `--no-config`: ignore config files (the option's value is then `false`). */
export function noConfigOption(): Option {
  return new Option("--no-config", "ignore config files");
}

/** `--now <iso>`: the run's clock, parsed to a Date. @param description what the clock is for. */
export function nowOption(description: string): Option {
  return new Option("--now <iso>", `${description} (ISO-8601 with zone)`).argParser((value: string) => parseNow(value) as Date);
}

/** `-p, --profile <profile>`. @param profiles the allowed names, when the command has a fixed set (custom profiles come from config). */
export function profileOption(description: string, profiles?: readonly string[]): Option {
  const option = new Option("-p, --profile <profile>", description);
  return profiles ? option.choices(profiles) : option;
}

/**
 * `-f, --format <format>`, one of `formats`, default `fallback`; anything else is a UsageError
 * naming the known formats. The choices show in `--help`.
 */
export function formatOption(formats: readonly string[], fallback: string, description = "output format"): Option {
  return new Option("-f, --format <format>", description)
    .choices(formats)
    .default(fallback)
    .argParser((value: string) => {
      if (!formats.includes(value)) throw new UsageError(`unknown format '${value}' (known: ${formats.join(", ")})`);
      return value;
    });
}
