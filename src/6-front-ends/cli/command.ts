/**
 * What every command's registration shares: the command declared with its summary and, under
 * `--help`, its exit-code rows, both from the one command list (./commands.ts).
 */
import type { Command } from "commander";
import { COMMAND_SPECS, type CommandName } from "./commands.js";
import { exitCodesHelp } from "./exit-codes.js";

/**
 * Adds the command `name` to `program` with its summary and exit-code rows. @returns the new
 * command, to declare its arguments, options and action on.
 */
export function addCommand(program: Command, name: CommandName): Command {
  const spec = COMMAND_SPECS.find((s) => s.name === name) as (typeof COMMAND_SPECS)[number];
  return program.command(name).description(spec.summary).addHelpText("after", exitCodesHelp(name));
}
