/**
 * What the store commands (`resume`, `list`, `new`, `status`) share: finding the store and the
 * lint session.
 */
import path from "node:path";
import type { HandoffConfig } from "../engine/config.js";
import { createSession, type LintSession } from "../lint.js";
import { existingStores, resolveStore } from "../store/resolve.js";
import { DirectoryStore } from "../store/store.js";
import type { CommandIO } from "./io.js";
import { commandConfig } from "./command.js";

/** Options every store command takes. */
export interface StoreCommandOptions {
  dir?: string;
  profile?: string;
  config?: string | false;
  /** `--now`, parsed. */
  now?: Date;
  /** `--store`: the backend (./store-backend.ts). */
  store?: string;
}

/** The lint session of a store command (config, profile, clock); `untrusted`: see {@link openStore}. */
export function storeSession(options: StoreCommandOptions, io: CommandIO, untrusted = false): LintSession {
  const config: HandoffConfig = commandConfig(io.cwd, options.config).config;
  return createSession({ cwd: io.cwd, config, profile: options.profile, now: options.now, inlineSuppression: !untrusted });
}

/**
 * The session and stores for a store command.
 * @param untrusted the documents are about to be handed to a reader (`resume`): their own
 * suppression comments are ignored.
 * @returns `store`: the one store new handoffs go to (`--dir`, else found per profile); `stores`:
 * every store that exists (only `store` with `--dir` or `--profile`), which `list` and `resume` read.
 */
export function openStore(options: StoreCommandOptions, io: CommandIO, untrusted = false): { session: LintSession; store: DirectoryStore; stores: DirectoryStore[] } {
  const session = storeSession(options, io, untrusted);
  const resolve = { cwd: io.cwd, env: io.env, dir: options.dir, profile: options.profile };
  const store = new DirectoryStore(resolveStore(resolve), io.env);
  const stores = existingStores(resolve).map((location) => (location.root === store.location.root ? store : new DirectoryStore(location, io.env)));
  return { session, store, stores };
}

/** A path (a store's root, a handoff) as the store commands show it: relative to the working directory when inside it, `/`-separated. */
export function storeLabel(target: string, cwd: string): string {
  const relative = path.relative(cwd, target);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative.split(path.sep).join("/") : target;
}
