/**
 * Rule options, checked against each rule's `optionsSchema` (JSON Schema, validated with ajv) before
 * a run starts, as ESLint checks rule options against `meta.schema`: a misspelt option or a wrong
 * type is a config error naming the rule and the field, never silently ignored.
 *
 * Every rule also takes the engine's own option `allowInlineSuppression` (see src/3-check/engine/run.ts).
 * The same complete schemas are written into `schemas/config.schema.json` for editors
 * (src/3-check/engine/config-schema.ts).
 */
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { ConfigError, type RuleSetting } from "./config.js";
import type { RuleMeta } from "./rule.js";

/** Options the engine reads for every rule, as JSON Schema properties. */
export const ENGINE_OPTION_PROPERTIES: Readonly<Record<string, object>> = {
  allowInlineSuppression: {
    type: "boolean",
    description: "false: the document's own suppression comments cannot silence this rule (default true; false for the injection-* rules).",
  },
};

/**
 * The complete JSON Schema of a rule's options object: the rule's own `optionsSchema` (an object
 * schema) plus {@link ENGINE_OPTION_PROPERTIES}; no other property is allowed.
 */
export function ruleOptionsSchema(meta: Pick<RuleMeta, "optionsSchema">): Record<string, unknown> {
  const own = (meta.optionsSchema ?? {}) as { properties?: Record<string, object> } & Record<string, unknown>;
  return {
    ...own,
    type: "object",
    properties: { ...ENGINE_OPTION_PROPERTIES, ...(own.properties ?? {}) },
    additionalProperties: false,
  };
}

let ajv: Ajv | undefined;
const validators = new WeakMap<object, ValidateFunction>();

/** The compiled validator of a rule's options (compiled on first use, once per rule). */
function validatorOf(meta: RuleMeta): ValidateFunction {
  let validate = validators.get(meta);
  if (!validate) {
    ajv ??= new Ajv({ allErrors: true, strict: false });
    validate = ajv.compile(ruleOptionsSchema(meta));
    validators.set(meta, validate);
  }
  return validate;
}

/** `disabledDetectors[0]` for the instance path `/disabledDetectors/0`. */
function fieldOf(instancePath: string): string {
  return instancePath
    .split("/")
    .slice(1)
    .map((part, index) => (/^\d+$/.test(part) ? `[${part}]` : index === 0 ? part : `.${part}`))
    .join("");
}

/** One line per ajv error: the field and what is wrong with it. */
function describeError(error: ErrorObject, meta: RuleMeta): string {
  const field = fieldOf(error.instancePath);
  if (error.keyword === "additionalProperties") {
    const name = String((error.params as { additionalProperty?: string }).additionalProperty);
    const at = field ? `${field}.${name}` : name;
    const known = field
      ? ""
      : ` (known: ${Object.keys(ruleOptionsSchema(meta).properties as object)
          .sort()
          .join(", ")})`;
    return `'${at}' is not an option${known}`;
  }
  if (error.keyword === "enum") {
    const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues ?? [];
    const shown = allowed
      .slice(0, 12)
      .map((value) => JSON.stringify(value))
      .join(", ");
    return `'${field}' must be one of ${shown}${allowed.length > 12 ? ", …" : ""}`;
  }
  return field ? `'${field}' ${error.message ?? "is invalid"}` : `the options ${error.message ?? "are invalid"}`;
}

/**
 * Checks the options of every entry of a (name-normalized) `rules` object against its rule's
 * schema. Severities alone are not checked here (the config schema does that).
 * @param rules rule ids to settings, after `normalizeRuleNames` (src/3-check/engine/config.ts).
 * @param known the rules of the run (and the built-in ones), by id.
 * @param where where the object came from, for the message (`config 'rules'`).
 * @throws ConfigError naming the rule and each bad field, e.g.
 * `invalid options for rule 'no-secrets' in config 'rules': 'allowInlineSuppression' must be boolean`.
 */
export function checkRuleOptions(rules: Readonly<Record<string, RuleSetting>> | undefined, known: ReadonlyMap<string, RuleMeta>, where: string): void {
  for (const [id, setting] of Object.entries(rules ?? {})) {
    if (!Array.isArray(setting) || setting.length < 2) continue;
    const options = setting[1];
    const meta = known.get(id);
    // After name normalization only markdownlint's ids are not rules of ours: their options go to
    // markdownlint's config, checked against markdownlint's own schema (src/3-check/markdownlint/config-check.ts).
    if (!meta) continue;
    const validate = validatorOf(meta);
    if (!validate(options)) {
      const problems = [...new Set((validate.errors ?? []).map((error) => describeError(error, meta)))];
      throw new ConfigError(`invalid options for rule '${id}' in ${where}: ${problems.join("; ")}`);
    }
  }
}
