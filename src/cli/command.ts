/**
 * What every command's registration and run share: the command declared with its exit-code rows
 * under `--help`, and the config a command reads (`-c/--config`, `--no-config`).
 */
import type { Command } from "commander";
import { loadConfig, type LoadedConfig } from "../engine/config.js";
import { exitCodesHelp, type CommandName } from "./exit-codes.js";

/**
 * Adds the command `name` to `program` with its description and, after its options in `--help`,
 * its rows of the exit-code table (`./exit-codes.ts`). @returns the new command, to declare its
 * arguments, options and action on.
 */
export function addCommand(program: Command, name: CommandName, description: string): Command {
  return program.command(name).description(description).addHelpText("after", exitCodesHelp(name));
}

/**
 * The config a command runs with: none with `--no-config` (`config` is then `false`), the file
 * `-c` names, else the one found from `cwd` upwards (`loadConfig`).
 * @throws ConfigError for a config file that cannot be read or is invalid.
 */
export function commandConfig(cwd: string, config: string | false | undefined): LoadedConfig {
  return config === false ? { config: {}, filepath: undefined } : loadConfig(cwd, config);
}
