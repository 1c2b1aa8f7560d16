/**
 * markdownlint's config values, checked against markdownlint's own JSON Schema
 * (`markdownlint/schema/markdownlint-config-schema.json`, shipped with the package, draft-07)
 * before a run, so `"MD003": { "style": "weird" }` is a config error instead of a finding on every
 * heading, and `"line_length": "80"` is not silently ignored. Compiled on first use: only a run
 * whose config sets markdownlint options pays for it.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { ConfigError } from "../engine/config.js";

let validator: ValidateFunction | undefined;

/** The schema file of the installed markdownlint (its package exports do not list it). */
function schemaFile(): string {
  const entry = createRequire(import.meta.url).resolve("markdownlint");
  return path.join(path.dirname(entry), "..", "schema", "markdownlint-config-schema.json");
}

function validatorOfSchema(): ValidateFunction {
  validator ??= new Ajv({ allErrors: true, strict: false }).compile(JSON.parse(readFileSync(schemaFile(), "utf8")) as object);
  return validator;
}

/** `MD013.line_length` for `/MD013/line_length`. */
function fieldOf(instancePath: string): string {
  return instancePath.split("/").slice(1).join(".");
}

function describe(error: ErrorObject): string {
  const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues;
  return `${fieldOf(error.instancePath)} ${error.message ?? "is invalid"}${allowed ? ` (${allowed.map((v) => JSON.stringify(v)).join(", ")})` : ""}`;
}

/**
 * What is wrong with `config` (markdownlint's config object, as in `.markdownlint.json`): one
 * line per field, the deepest errors only (a `oneOf` of "true, false or an object" adds nothing to
 * "style must be one of …"). Empty when it is valid.
 */
export function markdownlintConfigProblems(config: Readonly<Record<string, unknown>>): string[] {
  const validate = validatorOfSchema();
  if (validate(config)) return [];
  const errors = (validate.errors ?? []).filter((e) => e.keyword !== "oneOf" && e.keyword !== "anyOf" && e.instancePath !== "");
  // Where a value failed both "is a boolean" and a check of its object form, the object form speaks.
  const deepest = errors.filter((e) => !errors.some((other) => other !== e && other.instancePath.startsWith(`${e.instancePath}/`)));
  const typeOnly = (e: ErrorObject) => e.keyword === "type" && deepest.some((o) => o !== e && o.instancePath === e.instancePath && o.keyword !== "type");
  return [...new Set(deepest.filter((e) => !typeOnly(e)).map(describe))];
}

/**
 * Checks the markdownlint bridge's setting as the rules config holds it (`"off"`, a severity, or
 * `[severity, { config }]`, the top-level `markdownlint` object merged in).
 * @throws ConfigError naming each bad field, e.g. `markdownlint config: MD013.line_length must be integer`.
 */
export function checkMarkdownlintSetting(setting: unknown): void {
  const config = Array.isArray(setting) ? (setting[1] as { config?: unknown } | undefined)?.config : undefined;
  if (!config || typeof config !== "object" || Array.isArray(config)) return;
  const problems = markdownlintConfigProblems(config as Record<string, unknown>);
  if (problems.length > 0) throw new ConfigError(`markdownlint config: ${problems.join("; ")}`);
}
