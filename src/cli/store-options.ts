/**
 * What the store commands (`resume`, `list`, `new`, `status`) share: finding the store and the
 * lint session.
 */
import { ConfigError, loadConfig, type HandoffConfig } from "../engine/config.js";
import { createSession, type LintSession } from "../lint.js";
import { resolveStore } from "../store/resolve.js";
import { DirectoryStore } from "../store/store.js";
import type { CommandIO } from "./io.js";
import { parseNow } from "./lint.js";

/** Options every store command takes. */
export interface StoreCommandOptions {
  dir?: string;
  profile?: string;
  config?: string | false;
  now?: string;
}

/**
 * The session and store for a store command.
 * @param untrusted the documents are about to be handed to a reader (`resume`): their own
 * suppression comments are ignored.
 */
export function openStore(options: StoreCommandOptions, io: CommandIO, untrusted = false): { session: LintSession; store: DirectoryStore } {
  const config: HandoffConfig = options.config === false ? {} : loadConfig(io.cwd, options.config).config;
  const session = createSession({ cwd: io.cwd, config, profile: options.profile, now: parseNow(options.now), inlineSuppression: !untrusted });
  const location = resolveStore({ cwd: io.cwd, env: io.env, dir: options.dir, profile: options.profile });
  return { session, store: new DirectoryStore(location, io.env) };
}
