/**
 * What every operation is given about where it runs, and the config it reads.
 */
import { loadConfig, type LoadedConfig } from "../3-check/engine/config.js";

/** Where an operation runs. */
export interface OperationContext {
  /** The working directory, absolute: config is found from here upwards, relative paths resolve against it. */
  cwd: string;
  /** The environment (git, the store's settings such as `HANDOFF_EPHEMERAL`); default `process.env`. */
  env?: NodeJS.ProcessEnv;
}

/** The config options every configurable operation takes. */
export interface ConfigOptions {
  /** A config file to use instead of the one found from `cwd` upwards; `false`: no config at all. */
  config?: string | false;
}

/** The environment of `context`: its own, else the process's. */
export function envOf(context: OperationContext): NodeJS.ProcessEnv {
  return context.env ?? process.env;
}

/**
 * The config an operation runs with: none for `config: false`, the file `config` names, else the
 * one found from `cwd` upwards.
 * @throws ConfigError for a config file that cannot be read or is invalid.
 */
export function configFor(cwd: string, config: string | false | undefined): LoadedConfig {
  return config === false ? { config: {}, filepath: undefined } : loadConfig(cwd, config);
}
