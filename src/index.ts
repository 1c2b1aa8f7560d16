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
export type { HandoffDocument } from "./document/model.js";
export { parseDocument } from "./document/parse.js";
export type { HandoffConfig } from "./engine/config.js";
export { ConfigError, loadConfig } from "./engine/config.js";
export type { Diagnostic, FileResult, MaskedDiagnostic, MaskedFileResult, Severity } from "./engine/diagnostic.js";
export type { Rule, RuleContext, RuleInput, RuleMeta } from "./engine/rule.js";
export { createSession, lintPaths, lintSource, lintText, type LintOptions, type LintSession } from "./lint.js";
export { readSource, sourceFromBytes } from "./load/read.js";
export { BUILTIN_PROFILES } from "./profiles/builtin.js";
export { formatJson } from "./report/json.js";
export { maskResults } from "./secrets/mask.js";
export { formatStylish } from "./report/stylish.js";
export { planRedaction, redactionMarker, RedactError, type RedactPlan, type Redaction } from "./fix/redact.js";

// Operations.
export type { ConfigOptions, OperationContext } from "./operations/context.js";
export { isUserError, UsageError, UserError } from "./operations/errors.js";
export { STORE_BACKENDS, type StoreBackend, type StoreOptions, type StoreRun } from "./operations/store-access.js";
export { lintHandoffs, runOutcome, type LintRunOptions, type LintRunResult, type RunOutcome } from "./operations/lint.js";
export { fixHandoffs, type FixFileResult, type FixResult, type FixRunOptions } from "./operations/fix.js";
export { redactHandoffs, type RedactFileResult, type RedactOptions, type RedactResult } from "./operations/redact.js";
export { isSealGateRule, sealFiles, sealHandoffs, type SealFileResult, type SealOptions, type SealResult } from "./operations/seal.js";
export { verifyHandoffs, verifyHolds, type GitComparison, type VerifyFileResult, type VerifyOptions, type VerifyResult } from "./operations/verify.js";
export type { VerifyOutcome, VerifyStatus } from "./integrity/verify.js";
export { checkpointRecord, type CheckpointOptions, type CheckpointResult } from "./operations/checkpoint.js";
export { newHandoff, NEW_PROFILES, type NewOptions, type NewResult } from "./operations/new.js";
export { writeHandoff, type ToolFinding, type WriteArguments, type WriteResult } from "./operations/write.js";
export { listHandoffs, type ListHealth, type ListOptions, type ListResult, type ListRow } from "./operations/list.js";
export { resumeHandoff, type ResumeCheck, type ResumeChecked, type ResumeNone, type ResumeOptions, type ResumeResult, type ResumeSelection, type ResumeUnusable } from "./operations/resume.js";
export { setStatus, type StatusResult } from "./operations/status.js";
export { handoffLog, type LogResult } from "./operations/log.js";
export { syncHandoffs, type SyncResult } from "./operations/sync.js";
export { handoffStats, type StatsOptions, type StatsResult } from "./operations/stats.js";
export { installHook, uninstallHook, type InstallResult, type UninstallResult } from "./operations/install-hook.js";
export { AgentHookError, installAgentHook, type InstallAgentHookOptions, type InstallAgentHookResult } from "./operations/install-agent-hook.js";
export { packageVersion } from "./operations/package-info.js";
