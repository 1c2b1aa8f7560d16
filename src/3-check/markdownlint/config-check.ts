/**
 * Checking markdownlint settings against markdownlint's own config schema
 * (`markdownlint/schema/markdownlint-config-schema-strict.json`, shipped with the installed
 * markdownlint), so a misspelt rule (`MD999`) or option (`line_lenght`) is reported instead of
 * silently doing nothing. The schema is read and compiled on first use only: runs whose config
 * gives no markdownlint settings never pay for it.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { getVersion } from "markdownlint";
import { MARKDOWNLINT_RULE_NAMES, markdownlintRuleId } from "./rule-names.js";

let validator: ValidateFunction | undefined;

/** The installed markdownlint's strict config schema (no custom rule names allowed), compiled. */
function schemaValidator(): ValidateFunction {
  if (validator) return validator;
  // The schema is not in markdownlint's `exports`: found beside the resolved entry point (lib/).
  const entry = createRequire(import.meta.url).resolve("markdownlint");
  const file = path.join(path.dirname(entry), "..", "schema", "markdownlint-config-schema-strict.json");
  const schema = JSON.parse(readFileSync(file, "utf8")) as object;
  validator = new Ajv({ allErrors: true, strict: false }).compile(schema);
  return validator;
}

/** `MD013 (line-length)`: how a message names a rule. */
function ruleLabel(key: string): string {
  const id = markdownlintRuleId(key);
  return id ? `${id} (${MARKDOWNLINT_RULE_NAMES[id]?.[0] ?? key})` : key;
}

/** The one sentence a reader needs out of Ajv's errors for one config object. */
function describe(errors: readonly ErrorObject[]): string {
  const extra = errors.find((e) => e.keyword === "additionalProperties");
  const schemaName = `markdownlint ${getVersion()}'s config schema`;
  if (extra) {
    const name = String((extra.params as { additionalProperty?: string }).additionalProperty);
    const where = extra.instancePath.split("/").filter(Boolean);
    if (where.length === 0) return `unknown markdownlint rule or setting '${name}' (not in ${schemaName})`;
    return `unknown option '${name}' of ${ruleLabel(where[0] as string)} (not in ${schemaName})`;
  }
  // Errors inside an options object are the precise ones; oneOf's alternatives at the rule itself are not.
  const deepest = [...errors].sort((a, b) => b.instancePath.split("/").length - a.instancePath.split("/").length)[0];
  const where = (deepest?.instancePath ?? "").split("/").filter(Boolean);
  if (where.length >= 2) return `${ruleLabel(where[0] as string)} option '${where.slice(1).join(".")}' ${deepest?.message ?? "is invalid"}`;
  if (where.length === 1) return `${ruleLabel(where[0] as string)} must be true, false, "error", "warning" or an options object`;
  return `${deepest?.message ?? "invalid"} (${schemaName})`;
}

/**
 * Checks a markdownlint config object (the `markdownlint` key of handoffkit's config: rule ids,
 * aliases and tags with `true`/`false`/options, and `default`).
 * @returns a one-line problem, or undefined when the object is valid. `extends` is refused:
 * handoffkit never reads other files named by config (the presets replace it).
 */
export function markdownlintConfigProblem(config: Readonly<Record<string, unknown>>): string | undefined {
  if (Object.keys(config).some((key) => key.toLowerCase() === "extends")) {
    return `'extends' is not supported: name a preset instead ("markdownlint": "all", "style" or "handoff")`;
  }
  const validate = schemaValidator();
  return validate(config) ? undefined : describe(validate.errors ?? []);
}

/**
 * Checks the options given for one markdownlint rule in `rules` (`"MD013": ["warning", { "line_length": 120 }]`).
 * @returns a one-line problem, or undefined when they are valid.
 */
export function markdownlintRuleOptionsProblem(id: string, options: Readonly<Record<string, unknown>>): string | undefined {
  const validate = schemaValidator();
  return validate({ [id]: options }) ? undefined : describe(validate.errors ?? []);
}
