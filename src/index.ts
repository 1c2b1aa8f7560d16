/**
 * handoffkit's programmatic API. Every user-level operation of the `handoff` command line is a
 * typed function here (options in, a result out, errors as typed exceptions, nothing printed):
 * `lintHandoffs`, `fixHandoffs`, `redactHandoffs`, `sealHandoffs`, `verifyHandoffs`,
 * `checkpointRecord`, `newHandoff`, `writeHandoff`, `listHandoffs`, `resumeHandoff`, `setStatus`,
 * `handoffLog`, `syncHandoffs`, `handoffStats`, `installHook`, `uninstallHook`, `installAgentHook`.
 * Each takes an {@link OperationContext} (the working directory and environment). Below them: the
 * lint pipeline (load → parse → check), the document model, the rules and the reporters.
 */
export { builtinRules } from "../rules/index.js";
export type { HandoffDocument } from "./2-parse/document/model.js";
export { parseDocument } from "./2-parse/document/parse.js";
export type { HandoffConfig } from "./3-check/engine/config.js";
export { ConfigError, loadConfig } from "./3-check/engine/config.js";
export type { Diagnostic, FileResult, MaskedDiagnostic, MaskedFileResult, Severity } from "./3-check/engine/diagnostic.js";
export type { Rule, RuleContext, RuleInput, RuleMeta } from "./3-check/engine/rule.js";
export { createSession, lintPaths, lintSource, lintText, type LintOptions, type LintSession } from "./3-check/lint.js";
export { readSource, sourceFromBytes } from "./1-load/read.js";
export { BUILTIN_PROFILES } from "./2-parse/profiles/builtin.js";
export { formatJson } from "./4-report/json.js";
export { maskResults } from "./3-check/secrets/mask.js";
export { formatStylish } from "./4-report/stylish.js";
export { planRedaction, redactionMarker, RedactError, type RedactPlan, type Redaction } from "./5-operations/fix/redact.js";

// Operations.
export type { ConfigOptions, OperationContext } from "./5-operations/context.js";
export { isUserError, UsageError, UserError } from "./5-operations/errors.js";
export { STORE_BACKENDS, type StoreBackend, type StoreOptions, type StoreRun } from "./5-operations/store-access.js";
export { lintHandoffs, runOutcome, type LintRunOptions, type LintRunResult, type RunOutcome } from "./5-operations/lint.js";
export { fixHandoffs, type FixFileResult, type FixResult, type FixRunOptions } from "./5-operations/fix.js";
export { redactHandoffs, type RedactFileResult, type RedactOptions, type RedactResult } from "./5-operations/redact.js";
export { isSealGateRule, sealFiles, sealHandoffs, type SealFileResult, type SealOptions, type SealResult } from "./5-operations/seal.js";
export { verifyHandoffs, verifyHolds, type GitComparison, type VerifyFileResult, type VerifyOptions, type VerifyResult } from "./5-operations/verify.js";
export type { VerifyOutcome, VerifyStatus } from "./3-check/integrity/verify.js";
export { checkpointRecord, type CheckpointOptions, type CheckpointResult } from "./5-operations/checkpoint.js";
export { newHandoff, NEW_PROFILES, type NewOptions, type NewResult } from "./5-operations/new.js";
export { writeHandoff, type ToolFinding, type WriteArguments, type WriteResult } from "./5-operations/write.js";
export { listHandoffs, type ListHealth, type ListOptions, type ListResult, type ListRow } from "./5-operations/list.js";
export {
  resumeHandoff,
  type ResumeCheck,
  type ResumeChecked,
  type ResumeNone,
  type ResumeOptions,
  type ResumeResult,
  type ResumeSelection,
  type ResumeUnusable,
} from "./5-operations/resume.js";
export { setStatus, type StatusResult } from "./5-operations/status.js";
export { handoffLog, type LogResult } from "./5-operations/log.js";
export { syncHandoffs, type SyncResult } from "./5-operations/sync.js";
export { handoffStats, type StatsOptions, type StatsResult } from "./5-operations/stats.js";
export { installHook, uninstallHook, type InstallResult, type UninstallResult } from "./5-operations/install-hook.js";
export { AgentHookError, installAgentHook, type InstallAgentHookOptions, type InstallAgentHookResult } from "./5-operations/install-agent-hook.js";
export { packageVersion } from "./5-operations/package-info.js";
