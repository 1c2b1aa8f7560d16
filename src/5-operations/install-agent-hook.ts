/**
 * `install-agent-hook`: adds a `SessionStart` hook to the project's `.claude/settings.json`
 * (created when absent; merged into, never replaced, when present: see
 * ../agent-hook/claude-settings.ts) so each new Claude Code session starts with `resume`'s output as
 * its context. The write is atomic, read back, and refused when the file changed meanwhile.
 */
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { mergeSessionStartHook, sessionStartCommand, SettingsError } from "./agent-hook/claude-settings.js";
import { atomicWrite, AtomicWriteError, createExclusive } from "../0-platform/fs/atomic-write.js";
import { workTreeRoot } from "../0-platform/git/queries.js";
import { isInsideReal, safeRealpath } from "../0-platform/fs/real-path.js";
import type { OperationContext } from "./context.js";
import { UserError } from "./errors.js";

/** Options of {@link installAgentHook}. */
export interface InstallAgentHookOptions {
  /** The hook moves the handoff's status to `resumed` (default: it changes nothing). */
  markResumed?: boolean;
}

/**
 * The settings file of the project `cwd` is in: at the repository's root, else in `cwd`.
 * @throws AgentHookError when the file (or `.claude/`) is a symbolic link leading outside the project.
 */
async function settingsFile(cwd: string): Promise<string> {
  const root = await workTreeRoot(cwd).catch(() => cwd);
  const file = path.join(root, ".claude", "settings.json");
  if (!isInsideReal(root, file)) {
    throw new AgentHookError(
      `.claude/settings.json was not changed: it leads outside the project (to ${safeRealpath(file)}) through a symbolic link; handoffkit writes only inside the project`,
    );
  }
  return file;
}

/** The settings' text. @throws SettingsError when the bytes are not UTF-8. */
function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new SettingsError("not valid UTF-8");
  }
}

async function readExisting(file: string): Promise<Uint8Array | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** The settings file could not be merged or written; it is unchanged. */
export class AgentHookError extends UserError {
  override name = "AgentHookError";
}

/** What `install-agent-hook` did. */
export interface InstallAgentHookResult {
  /** The settings file, relative to the working directory. */
  file: string;
  /** `added` or `updated` (written), `unchanged` (installed already). */
  status: "added" | "updated" | "unchanged";
  /** The command each new session starts with. */
  command: string;
}

/**
 * Installs the hook in the settings file of the project the working directory is in (at the
 * repository's root, else in the working directory).
 * @throws AgentHookError when the settings are not a JSON object of the expected shape or the write
 * failed (the file is then unchanged).
 */
export async function installAgentHook(options: InstallAgentHookOptions, context: OperationContext): Promise<InstallAgentHookResult> {
  const file = await settingsFile(context.cwd);
  const shown = path.relative(context.cwd, file).split(path.sep).join("/") || file;
  const markResumed = Boolean(options.markResumed);
  const command = sessionStartCommand(markResumed);
  try {
    const before = await readExisting(file);
    const outcome = mergeSessionStartHook(before === undefined ? undefined : decode(before), markResumed);
    if (outcome.status === "unchanged") return { file: shown, status: "unchanged", command };
    const bytes = new TextEncoder().encode(outcome.text);
    if (before === undefined) {
      await mkdir(path.dirname(file), { recursive: true });
      await createExclusive(file, bytes);
    } else await atomicWrite(file, bytes, { expected: before });
    return { file: shown, status: outcome.status, command };
  } catch (error) {
    if (error instanceof SettingsError || error instanceof AtomicWriteError)
      throw new AgentHookError(`${shown} was not changed: ${error.message}`, { cause: error });
    throw error;
  }
}
