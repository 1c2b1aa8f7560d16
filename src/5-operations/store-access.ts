/**
 * How the store operations (`list`, `resume`, `new`, `status`, `seal` and `stats` on a store) reach
 * their stores: the lint session they check with, the store new handoffs go to, every store they
 * read, and the backend — the directory store (the default), or the git store (`store: "git"`
 * in the options or the config), which an operation sees as a directory (its checkout in the git
 * directory) and whose changes are published onto the ref when the operation is done
 * (src/5-operations/store/git-store.ts). An operation is written once, against {@link OpenedStore}.
 */
import path from "node:path";
import { builtinRules } from "../../rules/index.js";
import { analyzeSource, createSession, type LintSession } from "../3-check/lint.js";
import { sourceFromBytes } from "../1-load/read.js";
import { DEFAULT_GIT_STORE_NAME, GitStore, StoreConflictError, StoreRefusalError } from "./store/git-store.js";
import { existingStores, resolveStore, storeBase } from "./store/resolve.js";
import { DirectoryStore } from "./store/store.js";
import { configFor, envOf, type OperationContext } from "./context.js";
import { UsageError } from "./errors.js";

/** The backends a store operation can use. */
export const STORE_BACKENDS = ["directory", "git"] as const;

/** One of {@link STORE_BACKENDS}. */
export type StoreBackend = (typeof STORE_BACKENDS)[number];

/** Options every store operation takes. */
export interface StoreOptions {
  /** The store directory (a directory store), instead of the one found per profile. */
  dir?: string;
  /** Check against this profile (and read only its store). */
  profile?: string;
  /** A config file; `false`: none (see {@link configFor}). */
  config?: string | false;
  /** The run's clock (default: now). */
  now?: Date;
  /** The backend (default: config `store`, else `directory`). */
  store?: string;
}

/** What a store operation runs on. */
export interface OpenedStore {
  session: LintSession;
  /** The one store new handoffs go to (`dir`, else found per profile). */
  store: DirectoryStore;
  /** Every store that exists (only `store` with `dir` or `profile`), which `list` and `resume` read. */
  stores: DirectoryStore[];
  /** The git store behind `store`, when that is the backend. */
  git: GitStore | undefined;
}

/** The result of a store operation and, with the git store, whether its changes were published. */
export interface StoreRun<T> {
  result: T;
  /**
   * Git store: why the publish was refused (another session changed the same handoff first, or a
   * handoff holds a secret); the ref is then unchanged. Undefined when published, or nothing to publish.
   */
  refused?: string;
}

/** The lint session of a store operation (config, profile, clock); `untrusted`: see {@link openStore}. */
export function storeSession(options: StoreOptions, context: OperationContext, untrusted = false): LintSession {
  const config = configFor(context.cwd, options.config).config;
  return createSession({ cwd: context.cwd, config, profile: options.profile, now: options.now, inlineSuppression: !untrusted });
}

/**
 * The session and directory stores of a store operation.
 * @param untrusted the documents are about to be handed to a reader (`resume`): their own
 * suppression comments are ignored.
 * @throws ConfigError for a bad config or profile.
 */
export function openStore(options: StoreOptions, context: OperationContext, untrusted = false): Omit<OpenedStore, "git"> {
  const session = storeSession(options, context, untrusted);
  const env = envOf(context);
  // `--dir` is the user's path, relative to where they are; stores found by lookup are the project's.
  const resolve = { cwd: options.dir !== undefined ? context.cwd : storeBase(context.cwd, env), env, dir: options.dir, profile: options.profile };
  const store = new DirectoryStore(resolveStore(resolve), env);
  const stores = existingStores(resolve).map((location) => (location.root === store.location.root ? store : new DirectoryStore(location, env)));
  return { session, store, stores };
}

/** The backend `options` (then config) select. @throws UsageError for `dir` with the git store. */
export function selectedBackend(options: StoreOptions, context: OperationContext): StoreBackend {
  const configured = configFor(context.cwd, options.config).config.store;
  const backend = (options.store ?? configured ?? "directory") as StoreBackend;
  if (backend === "git" && options.dir !== undefined) throw new UsageError("--dir names a directory store; it cannot be used with the git store");
  return backend;
}

/** A path (a store's root, a handoff) as the store operations show it: relative to `cwd` when inside it, `/`-separated. */
export function storeLabel(target: string, cwd: string): string {
  const relative = path.relative(cwd, target);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative.split(path.sep).join("/") : target;
}

/** The secret gate of a git store publish: a reason when `bytes` has error findings of `no-secrets`. */
function secretGate(options: StoreOptions, context: OperationContext, root: string): (file: string, bytes: Uint8Array) => string | undefined {
  let session: LintSession | undefined;
  return (file, bytes) => {
    // Made on the first file: an operation that changed nothing never builds it.
    const config = session ? undefined : configFor(context.cwd, options.config).config;
    session ??= createSession({ cwd: context.cwd, config, rules: builtinRules.filter((rule) => rule.meta.id === "no-secrets"), inlineSuppression: false });
    const analyzed = analyzeSource(sourceFromBytes(path.join(root, file), bytes, context.cwd, { maxBytes: session.maxFileSize }), session);
    const found = analyzed.result.diagnostics.filter((d) => d.ruleId === "no-secrets" && d.severity === "error").length;
    return found > 0
      ? `${found} error finding${found === 1 ? "" : "s"} from no-secrets (a shared ref never holds a secret: remove it, or run handoff redact)`
      : undefined;
  };
}

/** `value` with `relabel` applied to every string in it (arrays and plain objects walked; other objects kept). */
function relabelDeep<T>(value: T, relabel: (text: string) => string): T {
  if (typeof value === "string") return relabel(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => relabelDeep(item, relabel)) as T;
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, relabelDeep(item, relabel)])) as T;
  }
  return value;
}

/**
 * Opens the selected store, runs `body` on it, and (git store) publishes what `body` changed and
 * removes the checkout, also when `body` throws. With the git store, every path of the checkout in
 * the result and in a thrown error's message is written as the ref (`refs/handoffs/default:x.md`).
 * @param untrusted see {@link openStore}.
 * @throws what `body` throws; ConfigError, UsageError, GitError opening the store.
 */
export async function withStore<T>(
  options: StoreOptions,
  context: OperationContext,
  untrusted: boolean,
  body: (opened: OpenedStore) => Promise<T>,
): Promise<StoreRun<T>> {
  if (selectedBackend(options, context) === "directory") return { result: await body({ ...openStore(options, context, untrusted), git: undefined }) };
  const session = storeSession(options, context, untrusted);
  const git = await GitStore.open(context.cwd, DEFAULT_GIT_STORE_NAME, envOf(context), options.profile);
  const relabel = (text: string) => git.relabel(text, context.cwd);
  try {
    const result = await body({ session, store: git.view, stores: [git.view], git }).catch((error: unknown) => {
      // What an operation throws names the ref too, not the checkout.
      if (error instanceof Error) error.message = relabel(error.message);
      throw error;
    });
    try {
      await git.publish({ gate: secretGate(options, context, git.root) });
    } catch (error) {
      if (!(error instanceof StoreConflictError || error instanceof StoreRefusalError)) throw error;
      return { result: relabelDeep(result, relabel), refused: relabel(error.message) };
    }
    return { result: relabelDeep(result, relabel) };
  } finally {
    await git.dispose();
  }
}
