/**
 * `npm run docs`: rewrites the generated parts of every rule doc (`rules/<id>.md`) and the rules
 * index (`docs/rules.md`) from the code
 * (`scripts/rule-docs/render.ts`). test/docs/rule-docs.test.ts fails until this has been run after a
 * rule's meta or a secret detector changed. `--check` writes nothing and exits 1 when a page differs.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { builtinRules } from "../rules/index.js";
import { SECRET_DETECTORS } from "../src/3-check/secrets/detectors.js";
import { atomicWrite } from "../src/0-platform/fs/atomic-write.js";
import { renderPage, rulesIndex } from "./rule-docs/render.js";

const rulesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../rules");
const check = process.argv.includes("--check");
let stale = 0;
for (const rule of builtinRules) {
  const file = path.join(rulesDir, `${rule.meta.id}.md`);
  const before = readFileSync(file, "utf8");
  const after = renderPage(before, rule.meta, SECRET_DETECTORS);
  if (after === before) continue;
  stale++;
  if (check) console.log(`${path.relative(process.cwd(), file)}: differs from the code`);
  else {
    await atomicWrite(file, new TextEncoder().encode(after), { expected: new TextEncoder().encode(before) });
    console.log(`${path.relative(process.cwd(), file)}: rewritten`);
  }
}
const indexFile = path.resolve(rulesDir, "../docs/rules.md");
const index = rulesIndex(builtinRules.map((rule) => rule.meta));
let indexBefore: string | undefined;
try {
  indexBefore = readFileSync(indexFile, "utf8");
} catch {
  indexBefore = undefined;
}
if (indexBefore !== index) {
  stale++;
  if (check) console.log("docs/rules.md: differs from the code");
  else {
    await atomicWrite(indexFile, new TextEncoder().encode(index));
    console.log("docs/rules.md: rewritten");
  }
}
console.log(`${builtinRules.length} rule docs and the index, ${stale} ${check ? "out of date" : "rewritten"}`);
if (check && stale > 0) process.exitCode = 1;
