/**
 * The errors an operation throws for what its caller got wrong. Front ends map them: the CLI to
 * one `handoff: …` line and exit 2, the MCP server to a JSON-RPC `InvalidParams` error, the library
 * hands them to the embedding program as they are.
 */

/** An error that is the user's (a file, a name, an environment), not handoffkit's. */
export class UserError extends Error {
  override name = "UserError";
}

/** A bad option value or a combination of options an operation cannot run with. */
export class UsageError extends UserError {
  override name = "UsageError";
}

/**
 * Errors of the stages below the operations that are the user's, by `name` (those modules do not
 * depend on this one): a bad config, a store name that escapes, a template, git refusing (not a
 * repository, git missing), a write that did not happen (the file is unchanged), a bad store name,
 * a handoff with no history, a sync the remote refused.
 */
const USER_ERROR_NAMES: ReadonlySet<string> = new Set([
  "ConfigError",
  "StoreEscapeError",
  "TemplateError",
  "GitError",
  "AtomicWriteError",
  "StoreNameError",
  "HandoffHistoryError",
  "SyncError",
]);

/** Whether `error` is the user's: a {@link UserError} or one of the stages' errors of that kind. */
export function isUserError(error: unknown): error is Error {
  return error instanceof UserError || (error instanceof Error && USER_ERROR_NAMES.has(error.name));
}
