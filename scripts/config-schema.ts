/**
 * `npm run schema`: writes the per-rule part of schemas/config.schema.json from the rules
 * (src/3-check/engine/config-schema.ts). test/engine/rule-options.test.ts fails until this has been run
 * after a rule or its options schema changed.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { builtinRules } from "../rules/index.js";
import { configSchemaWithRules, formatSchema } from "../src/3-check/engine/config-schema.js";
import { atomicWrite } from "../src/0-platform/fs/atomic-write.js";

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../schemas/config.schema.json");
const before = readFileSync(file, "utf8");
const after = formatSchema(configSchemaWithRules(JSON.parse(before) as Record<string, unknown>, builtinRules));
if (after === before) console.log(`${path.relative(process.cwd(), file)}: up to date`);
else {
  await atomicWrite(file, new TextEncoder().encode(after), { expected: new TextEncoder().encode(before) });
  console.log(`${path.relative(process.cwd(), file)}: rewritten (${builtinRules.length} rules)`);
}
