/**
 * Choosing the store backend for a command and running the command on it: the directory store
 * (the default), or the git store (`--store git`, or `"store": "git"` in config), which the
 * command sees as a directory (its checkout in the git directory) and whose changes are published
 * onto the ref when the command is done (src/store/git-store.ts). A command is written once,
 * against {@link OpenedStore}, and works on both.
 */
import path from "node:path";
import { Option } from "commander";
import { builtinRules } from "../../rules/index.js";
import { analyzeSource, createSession, type LintSession } from "../lint.js";
import { sourceFromBytes } from "../load/read.js";
import { DEFAULT_GIT_STORE_NAME, GitStore, StoreConflictError, StoreRefusalError } from "../store/git-store.js";
import type { DirectoryStore } from "../store/store.js";
import { commandConfig } from "./command.js";
import { UsageError } from "./errors.js";
import { EXIT, type CommandIO } from "./io.js";
import { openStore, storeSession, type StoreCommandOptions } from "./store-options.js";

/** The backends a store command can use. */
export const STORE_BACKENDS = ["directory", "git"] as const;

/** `--store <backend>`: `directory` or `git`. */
export function storeOption(): Option {
  return new Option("--store <backend>", 'where handoffs are kept: directory (a folder found per profile) or git (a tree on refs/handoffs/default; default: config "store", else directory)').choices(STORE_BACKENDS);
}

/** What a command runs on: the lint session, the store new handoffs go to, and every store it reads. */
export interface OpenedStore {
  session: LintSession;
  store: DirectoryStore;
  stores: DirectoryStore[];
  /** The git store behind `store`, when that is the backend. */
  git: GitStore | undefined;
  /** The streams to print to: with the git store, they name its checkout as the ref ({@link GitStore.relabel}). */
  io: CommandIO;
}

/** The backend `options` (then config) select. @throws UsageError for `--dir` with the git store. */
export function selectedBackend(options: StoreCommandOptions, io: CommandIO): "directory" | "git" {
  const configured = commandConfig(io.cwd, options.config).config.store;
  const backend = (options.store ?? configured ?? "directory") as "directory" | "git";
  if (backend === "git" && options.dir !== undefined) throw new UsageError("--dir names a directory store; it cannot be used with the git store");
  return backend;
}

/** The secret gate of a git store publish: a reason when `bytes` has error findings of `no-secrets`. */
function secretGate(options: StoreCommandOptions, io: CommandIO, root: string): (file: string, bytes: Uint8Array) => string | undefined {
  let session: LintSession | undefined;
  return (file, bytes) => {
    // Made on the first file: a command that changed nothing never builds it.
    const config = session ? undefined : commandConfig(io.cwd, options.config).config;
    session ??= createSession({ cwd: io.cwd, config, rules: builtinRules.filter((rule) => rule.meta.id === "no-secrets"), inlineSuppression: false });
    const analyzed = analyzeSource(sourceFromBytes(path.join(root, file), bytes, io.cwd, { maxBytes: session.maxFileSize }), session);
    const found = analyzed.result.diagnostics.filter((d) => d.ruleId === "no-secrets" && d.severity === "error").length;
    return found > 0 ? `${found} error finding${found === 1 ? "" : "s"} from no-secrets (a shared ref never holds a secret: remove it, or run handoff redact)` : undefined;
  };
}

/**
 * Opens the selected store, runs `body` on it, and (git store) publishes what `body` changed and
 * removes the checkout, also when `body` throws.
 * @returns `body`'s exit code; 1 when the publish was refused (another session changed the same
 * handoff first, or the handoff holds a secret), with the reason on standard error.
 */
export async function withStore(command: string, options: StoreCommandOptions, io: CommandIO, untrusted: boolean, body: (opened: OpenedStore) => Promise<number>): Promise<number> {
  if (selectedBackend(options, io) === "directory") return body({ ...openStore(options, io, untrusted), git: undefined, io });
  const session = storeSession(options, io, untrusted);
  const git = await GitStore.open(io.cwd, DEFAULT_GIT_STORE_NAME, io.env, options.profile);
  const relabelled = (stream: CommandIO["stdout"]): CommandIO["stdout"] => ({ ...stream, write: (text: string) => stream.write(git.relabel(text, io.cwd)) });
  const shown: CommandIO = { ...io, stdout: relabelled(io.stdout), stderr: relabelled(io.stderr) };
  try {
    const code = await body({ session, store: git.view, stores: [git.view], git, io: shown }).catch((error: unknown) => {
      // The program prints what a command throws: it names the ref too, not the checkout.
      if (error instanceof Error) error.message = git.relabel(error.message, io.cwd);
      throw error;
    });
    try {
      await git.publish({ gate: secretGate(options, io, git.root) });
    } catch (error) {
      if (!(error instanceof StoreConflictError || error instanceof StoreRefusalError)) throw error;
      io.stderr.write(`handoff ${command}: refused: ${error.message}\n`);
      return EXIT.findings;
    }
    return code;
  } finally {
    await git.dispose();
  }
}
