/**
 * What every command's registration shares: the command declared with its exit-code rows under `--help`.
 */
import type { Command } from "commander";
import { exitCodesHelp, type CommandName } from "./exit-codes.js";

/**
 * Adds the command `name` to `program` with its description and, after its options in `--help`,
 * its rows of the exit-code table (`./exit-codes.ts`). @returns the new command, to declare its
 * arguments, options and action on.
 */
export function addCommand(program: Command, name: CommandName, description: string): Command {
  return program.command(name).description(description).addHelpText("after", exitCodesHelp(name));
}
