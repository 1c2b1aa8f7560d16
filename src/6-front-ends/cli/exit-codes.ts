/**
 * Every command's exit codes, from the one command list (./commands.ts): `--help` prints each
 * command's rows and a test keeps the README's table equal to this one. `2` is always a usage,
 * config or internal error.
 */
import { COMMAND_SPECS, type CommandName } from "./commands.js";

export type { CommandName } from "./commands.js";

/** The commands, in help order, and what each exit code means for them. */
export const EXIT_CODES = Object.fromEntries(COMMAND_SPECS.map((spec) => [spec.name, spec.exitCodes])) as unknown as Readonly<
  Record<CommandName, ReadonlyArray<readonly [number, string]>>
>;

/** The `Exit codes:` block `--help` prints after a command's options. */
export function exitCodesHelp(command: CommandName): string {
  return `\nExit codes:\n${EXIT_CODES[command].map(([code, meaning]) => `  ${code}  ${meaning}`).join("\n")}\n`;
}
