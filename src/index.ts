/**
 * handoffkit's programmatic API: the lint pipeline (load → parse → check), the document model,
 * the rules and the reporters, for tools that embed handoffkit instead of running `handoff`.
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
export { planFixes, FIX_TYPES, DEFAULT_FIX_TYPES, type FixPlan, type FixType, type FixOptions } from "./fix/lint-fixes.js";
