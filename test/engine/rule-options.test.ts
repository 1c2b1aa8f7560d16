/**
 * Rule options are checked against each rule's options schema before a run (exit 2 naming the rule
 * and the field); the config schema editors use carries the same per-rule schemas, generated from
 * the rules (`npm run schema`), and the committed file matches what the rules generate.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Ajv } from "ajv";
import { lint } from "markdownlint/sync";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { builtinRules } from "../../rules/index.js";
import { runCli } from "../../src/6-front-ends/cli/program.js";
import { configSchemaWithRules, formatSchema } from "../../src/3-check/engine/config-schema.js";
import { markdownlintRules } from "../../src/6-front-ends/markdownlint/custom-rules.js";
import { createSession } from "../../src/3-check/lint.js";
import { captureIO } from "../helpers/capture-io.js";
import { repoRoot } from "../helpers/locations.js";

const schemaFile = path.join(repoRoot, "schemas/config.schema.json");

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "handoffkit-options-"));
  writeFileSync(path.join(dir, "h.md"), "# Handoff\n\n## Next steps\n\nRun the suite.\n");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function lintWith(config: unknown): Promise<{ code: number; stderr: string }> {
  writeFileSync(path.join(dir, "handoff.config.json"), JSON.stringify(config));
  const out = captureIO(dir);
  const code = await runCli(["lint", "h.md"], out.io);
  return { code, stderr: out.stderr() };
}

describe("rule options are validated against the rule's options schema", () => {
  it("refuses a misspelt option and a wrong type, naming the rule and both fields (exit 2)", async () => {
    const out = await lintWith({ rules: { "no-secrets": ["error", { disabledDetectorz: ["github-token"], allowInlineSuppression: "nope" }] } });
    expect(out).toEqual({
      code: 2,
      stderr:
        "handoff: invalid options for rule 'no-secrets' in config 'rules': 'disabledDetectorz' is not an option (known: allowInlineSuppression, disabledDetectors); 'allowInlineSuppression' must be boolean\n",
    });
  });

  it("names the item of an array that is not one of the allowed values", async () => {
    const out = await lintWith({ rules: { HK020: ["error", { disabledDetectors: ["github-token", "gihtub-token"] }] } });
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(
      /^handoff: invalid options for rule 'no-secrets' in config 'rules': 'disabledDetectors\[1\]' must be one of "private-key", "aws-access-key-id", .*, …\n$/,
    );
  });

  it("checks options in overrides, and bounds inside an option", async () => {
    const out = await lintWith({ overrides: [{ files: ["*.md"], rules: { expiry: ["warning", { days: 0, skewMinutes: -1 }] } }] });
    expect(out).toEqual({
      code: 2,
      stderr: "handoff: invalid options for rule 'expiry' in config 'overrides[0].rules': 'days' must be > 0; 'skewMinutes' must be >= 0\n",
    });
  });

  it("refuses options for a rule that takes none but the engine's own", async () => {
    const out = await lintWith({ rules: { "next-action": ["error", { minimumWords: 3 }] } });
    expect(out).toEqual({
      code: 2,
      stderr: "handoff: invalid options for rule 'next-action' in config 'rules': 'minimumWords' is not an option (known: allowInlineSuppression)\n",
    });
  });

  it("checks options given to a markdownlint id in 'rules' against markdownlint's config schema (markdownlint reads them)", async () => {
    expect(await lintWith({ rules: { "line-length": ["warning", { line_lenght: 100 }] } })).toEqual({
      code: 2,
      stderr: "handoff: config 'rules': unknown option 'line_lenght' of MD013 (line-length) (not in markdownlint 0.40.0's config schema)\n",
    });
    writeFileSync(path.join(dir, "h.md"), `# Handoff\n\n## Next steps\n\n${"word ".repeat(18)}\n`);
    // A 90-character line: an error at the default 80, none at 100.
    expect(await lintWith({ rules: { "line-length": "error" } })).toEqual({ code: 1, stderr: "" });
    expect(await lintWith({ rules: { "line-length": ["error", { line_length: 100 }] } })).toEqual({ code: 0, stderr: "" });
  });

  it("accepts valid options, the engine's allowInlineSuppression on any rule, and the bridge's config", async () => {
    const out = await lintWith({
      rules: {
        "no-secrets": ["error", { disabledDetectors: ["github-token"], allowInlineSuppression: false }],
        "injection-override": ["error", { allowInlineSuppression: true }],
        expiry: ["warning", { days: 7 }],
        integrity: ["error", { missing: { "*": "off" } }],
        markdownlint: ["warning", { config: { MD013: false } }],
      },
    });
    expect(out).toEqual({ code: 0, stderr: "" });
  });

  it("refuses bad options given to the library API and to the markdownlint custom rules", () => {
    expect(() => createSession({ config: { rules: { expiry: ["warning", { days: "30" }] } } })).toThrow(
      "invalid options for rule 'expiry' in config 'rules': 'days' must be number",
    );
    expect(() => lint({ strings: { doc: "# H\n" }, customRules: markdownlintRules, config: { default: false, HK012: { days: "30" } } })).toThrow(
      "invalid options for rule 'expiry' in config 'rules': 'days' must be number",
    );
  });
});

describe("the config schema carries every rule's options, generated from the rules", () => {
  it("is committed as `npm run schema` generates it", () => {
    const committed = readFileSync(schemaFile, "utf8");
    expect(formatSchema(configSchemaWithRules(JSON.parse(committed) as Record<string, unknown>, builtinRules))).toBe(committed);
  });

  it("has an entry for every rule id and code", () => {
    const schema = JSON.parse(readFileSync(schemaFile, "utf8")) as { definitions: { rules: { properties: Record<string, unknown> } } };
    expect(Object.keys(schema.definitions.rules.properties).sort()).toEqual(builtinRules.flatMap((rule) => [rule.meta.id, rule.meta.code]).sort());
  });

  it("lets an editor's JSON Schema validator refuse the same bad options and accept good ones", () => {
    const validate = new Ajv({ allErrors: true, strict: false }).compile(JSON.parse(readFileSync(schemaFile, "utf8")) as object);
    expect(validate({ rules: { "no-secrets": ["error", { disabledDetectorz: [] }] } })).toBe(false);
    expect(validate({ rules: { HK020: ["error", { allowInlineSuppression: "nope" }] } })).toBe(false);
    expect(validate({ rules: { expiry: ["warning", { days: 0 }] } })).toBe(false);
    expect(validate({ rules: { "no-secrets": ["error", { disabledDetectors: ["github-token"] }], HK012: ["warning", { days: 7 }], MD013: "off" } })).toBe(true);
  });
});
