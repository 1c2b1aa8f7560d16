/**
 * The per-rule part of `schemas/config.schema.json`, generated from the rules so editors (VS Code,
 * JetBrains) check each rule's options as `handoff lint` does: `definitions.rules.properties` holds
 * one entry per rule id (severity, or `[severity, options]` with the rule's complete options schema
 * from src/3-check/engine/rule-options.ts) and one per code (`HK020`) referring to it. The rest of the file
 * is written by hand. `npm run schema` rewrites the file; a test checks the committed one matches.
 */
import type { RuleMeta } from "./rule.js";
import { ruleOptionsSchema } from "./rule-options.js";

/** A JSON Schema document, as parsed. */
type SchemaObject = Record<string, unknown>;

const SEVERITY_REF = { $ref: "#/definitions/severity" };

/** One rule's entry: a severity, or `[severity]`, or `[severity, options]`. */
function ruleSettingSchema(meta: RuleMeta): SchemaObject {
  return {
    description: `${meta.code}: ${meta.description}`,
    anyOf: [SEVERITY_REF, { type: "array", minItems: 1, maxItems: 2, items: [SEVERITY_REF, ruleOptionsSchema(meta)] }],
  };
}

/**
 * `schema` (the config schema) with `definitions.rules.properties` generated from `rules`, sorted by
 * id; every other part is kept as it is.
 */
export function configSchemaWithRules(schema: SchemaObject, rules: ReadonlyArray<{ meta: RuleMeta }>): SchemaObject {
  const definitions = (schema.definitions ?? {}) as Record<string, SchemaObject>;
  const properties: Record<string, SchemaObject> = {};
  const metas = rules.map((rule) => rule.meta).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const meta of metas) properties[meta.id] = ruleSettingSchema(meta);
  for (const meta of metas) properties[meta.code] = { $ref: `#/definitions/rules/properties/${meta.id}` };
  const { properties: _old, ...rest } = definitions.rules ?? {};
  return { ...schema, definitions: { ...definitions, rules: { ...rest, properties } } };
}

/** The file's text: two-space JSON and a final newline. */
export function formatSchema(schema: SchemaObject): string {
  return `${JSON.stringify(schema, null, 2)}\n`;
}
