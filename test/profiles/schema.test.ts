import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import hatch3rSchema from "../../schemas/hatch3r.schema.json" with { type: "json" };
import verifiedDeliverySchema from "../../schemas/verified-delivery.schema.json" with { type: "json" };
import { validateWithSchema } from "../../src/2-parse/profiles/schema.js";

describe("profile schemas", () => {
  it("the built-in schemas are valid JSON Schema (runs compile them without the meta-schema check)", () => {
    const ajv = new Ajv({ strict: false });
    for (const schema of [hatch3rSchema, verifiedDeliverySchema]) {
      expect(ajv.validateSchema(schema), JSON.stringify(ajv.errors)).toBe(true);
    }
  });

  it("still rejects an invalid custom schema", () => {
    expect(() => validateWithSchema({ type: "no-such-type" }, {})).toThrow(/schema is invalid/);
  });
});
