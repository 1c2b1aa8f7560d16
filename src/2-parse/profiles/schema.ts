/**
 * JSON Schema validation of frontmatter and records (ajv, draft-07), with errors turned into
 * readable one-line messages and the data path of the value they are about.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import hatch3rSchema from "../../../schemas/hatch3r.schema.json" with { type: "json" };
import verifiedDeliverySchema from "../../../schemas/verified-delivery.schema.json" with { type: "json" };

/** One schema violation. */
export interface SchemaProblem {
  /** Path of the offending value (`["completed_steps", 0, "evidence"]`); `[]` for the root. */
  path: Array<string | number>;
  /** True when the problem is a missing key (point at the parent, not at a value). */
  missing: boolean;
  message: string;
}

const ajvs = new Map<boolean, Ajv>();
const compiled = new WeakMap<object, ValidateFunction>();

/**
 * The built-in profiles' schemas (`schemas/`): checked against the JSON Schema meta-schema by the
 * test suite, so a run skips that check (compiling the meta-schema is ~13 ms of a one-file run).
 */
const BUILTIN_SCHEMAS = new WeakSet<object>([hatch3rSchema, verifiedDeliverySchema]);

function ajvFor(validateSchema: boolean): Ajv {
  let ajv = ajvs.get(validateSchema);
  if (!ajv) {
    ajv = new Ajv({ allErrors: true, strict: false, verbose: true, validateSchema });
    ajv.addKeyword({ keyword: "x-hint", schemaType: "string" });
    ajvs.set(validateSchema, ajv);
  }
  return ajv;
}

/** Compiles `schema` once per run (cached by object identity); ajv itself is set up on first use. */
function validatorFor(schema: object): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajvFor(!BUILTIN_SCHEMAS.has(schema)).compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

/**
 * Validates `data` against `schema`.
 * @throws Error from ajv when the schema itself is invalid (a custom profile's mistake).
 */
export function validateWithSchema(schema: object, data: unknown): SchemaProblem[] {
  const validate = validatorFor(schema);
  if (validate(data)) return [];
  const problems: SchemaProblem[] = [];
  const seen = new Set<string>();
  for (const error of validate.errors ?? []) {
    if (error.keyword === "if") continue; // the `then` error says what is wrong
    const problem = describe(error, data);
    const key = `${problem.path.join("/")}|${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  return problems;
}

function pathOf(instancePath: string): Array<string | number> {
  if (!instancePath) return [];
  return instancePath
    .slice(1)
    .split("/")
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

function label(path: ReadonlyArray<string | number>): string {
  if (path.length === 0) return "the document";
  return `'${path
    .map((p) => (typeof p === "number" ? `[${p}]` : p))
    .join(".")
    .replace(/\.\[/g, "[")}'`;
}

function describe(error: ErrorObject, data: unknown): SchemaProblem {
  const path = pathOf(error.instancePath);
  const hint = (error.parentSchema as { "x-hint"?: string } | undefined)?.["x-hint"];
  const shown = (value: unknown) => {
    const text = JSON.stringify(value) ?? String(value);
    return text.length > 60 ? `${text.slice(0, 57)}...` : text;
  };
  switch (error.keyword) {
    case "required": {
      const missing = (error.params as { missingProperty: string }).missingProperty;
      const where = path.length ? ` in ${label(path)}` : "";
      return { path: [...path, missing], missing: true, message: `Missing required field '${missing}'${where}` };
    }
    case "enum": {
      const allowed = (error.params as { allowedValues: unknown[] }).allowedValues.map((v) => String(v)).join(", ");
      return { path, missing: false, message: `${label(path)} is ${shown(valueAt(data, path))}; allowed: ${allowed}` };
    }
    case "const": {
      const allowed = (error.params as { allowedValue: unknown }).allowedValue;
      return { path, missing: false, message: `${label(path)} must be ${shown(allowed)}, not ${shown(valueAt(data, path))}` };
    }
    case "type": {
      const expected = (error.params as { type: string | string[] }).type;
      const list = Array.isArray(expected) ? expected.join(" or ") : expected;
      return { path, missing: false, message: `${label(path)} must be of type ${list}, not ${typeName(valueAt(data, path))}` };
    }
    case "pattern":
      return {
        path,
        missing: false,
        message: `${label(path)} ${shown(valueAt(data, path))} is malformed${hint ? `: expected ${hint}` : ""}`,
      };
    case "minimum":
    case "maximum": {
      const p = error.params as { comparison: string; limit: number };
      return { path, missing: false, message: `${label(path)} must be ${p.comparison} ${p.limit}` };
    }
    case "minLength":
      return { path, missing: false, message: `${label(path)} must not be empty` };
    default:
      return { path, missing: false, message: `${label(path)} ${error.message ?? "is invalid"}` };
  }
}

function valueAt(data: unknown, path: ReadonlyArray<string | number>): unknown {
  let value = data;
  for (const part of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string | number, unknown>)[part];
  }
  return value;
}

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}
