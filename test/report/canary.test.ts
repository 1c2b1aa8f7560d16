/**
 * Canary secrets: planted in handoffs, then every output format is run; no output may contain
 * any piece of a canary longer than 4 characters. Add each new reporter to FORMATTERS and its
 * `--format` name to CLI_FORMATS.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/program.js";
import type { FileResult } from "../../src/engine/diagnostic.js";
import { createSession, lintPaths } from "../../src/lint.js";
import { builtinRules } from "../../rules/index.js";
import { formatGithub, formatGithubSummary } from "../../src/report/github.js";
import { formatJson } from "../../src/report/json.js";
import { formatJunit } from "../../src/report/junit.js";
import { formatSarif } from "../../src/report/sarif.js";
import { maskResults } from "../../src/report/mask.js";
import { formatStylish } from "../../src/report/stylish.js";
import { ALPHABETS, randomStrings } from "../secrets/labelled.js";

/** Every reporter, as a function of masked results. */
const FORMATTERS: ReadonlyArray<[string, (results: FileResult[]) => string]> = [
  ["stylish", (results) => formatStylish(results, { color: false })],
  ["stylish (colour)", (results) => formatStylish(results, { color: true })],
  ["json", (results) => formatJson(results)],
  ["sarif", (results) => formatSarif(results, { rules: builtinRules, cwd: "/repo", repositoryRoot: "/repo", toolVersion: "0.0.0" })],
  ["github", (results) => formatGithub(results, { cwd: "/repo", repositoryRoot: "/repo" })],
  ["github summary", (results) => formatGithubSummary(results, { cwd: "/repo", repositoryRoot: "/repo" })],
  ["junit", (results) => formatJunit(results)],
];
/** Every `--format` of `handoff lint`. */
const CLI_FORMATS = ["stylish", "json", "sarif", "github", "junit"];

const r = randomStrings(31337);
const { b62, b64, url, b32 } = ALPHABETS;
const jwtHeader = Buffer.from('{"alg":"HS256","typ":"JWT"}').toString("base64url");
const canaries = {
  github: `ghp_CANARY${r(b62, 30)}`,
  stripe: `sk_live_CANARY${r(b62, 22)}`,
  awsId: `AKIACANARY${r(b32, 10)}`,
  awsSecret: `CANARY${r(b64, 34)}`,
  dsnPassword: `Cn${r(b62, 38)}`,
  urlPassword: `Cu${r(b62, 44)}`,
  jwt: `${jwtHeader}.${Buffer.from('{"sub":"canary"}').toString("base64url")}.${r(url, 43)}`,
  bearer: `CANARY${r(url, 34)}`,
  pem: [r(b64, 64), r(b64, 64), r(b64, 40)].join("\n"),
  openai: `sk-proj-CANARY${r(url, 90)}`,
  generic: `Cg${r(b62, 10)}7${r(b62, 6)}`,
  tablePassword: `Ct${r(b62, 9)}!8`,
  mysqlPassword: `Cm${r(b62, 9)}#4`,
  curlPassword: `Cc${r(b62, 9)}%6`,
  hexApiKey: r(ALPHABETS.hex, 32),
  djangoKey: `Cd${r(b62, 20)}(${r(b62, 12)}&${r(b62, 14)}`,
};

const markdown = `---
title: Canary
stripe_key: ${canaries.stripe}
deploy_token: >-
  ${canaries.github.slice(0, 18)}
  ${canaries.github.slice(18)}
---

# Canary handoff

## Next steps

Connect with postgres://app:${canaries.dsnPassword}@db.internal/app and push to https://ci:${canaries.urlPassword}@git.internal/repo.git

- key id \`${canaries.awsId}\`, aws_secret_access_key = ${canaries.awsSecret}
- password: ${canaries.generic}

<!-- Authorization: Bearer ${canaries.bearer} -->

| host | user | password |
| --- | --- | --- |
| db.internal | app | ${canaries.tablePassword} |

Run \`mysql -uroot -p${canaries.mysqlPassword} app\` and \`curl -u ci:${canaries.curlPassword} https://ci.internal\`.
DD_API_KEY=${canaries.hexApiKey} and SECRET_KEY = '${canaries.djangoKey}'

\`\`\`text
${canaries.jwt}
-----BEGIN PRIVATE KEY-----
${canaries.pem}
-----END PRIVATE KEY-----
\`\`\`
`;
const json = `{\n  "schema": "verified-delivery/handoff-v1",\n  "env": { "OPENAI_API_KEY": "${canaries.openai}" }\n}\n`;

/** The pieces (longer than 4 characters) of any canary found in `output`. */
function leaks(output: string): string[] {
  const found: string[] = [];
  for (const [name, canary] of Object.entries(canaries)) {
    for (let i = 0; i + 5 <= canary.length; i++) {
      const piece = canary.slice(i, i + 5);
      if (output.includes(piece)) {
        found.push(`${name}: ${piece}`);
        break;
      }
    }
  }
  return found;
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "handoff-canary-"));
  writeFileSync(path.join(dir, "canary.md"), markdown);
  writeFileSync(path.join(dir, "canary.json"), json);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await runCli(argv, { cwd: dir, env: { NO_COLOR: "1" }, stdout: { write: (text: string) => (out += text) }, stderr: { write: (text: string) => (err += text) } });
  return { code, out, err };
}

/**
 * SARIF carries the rule catalogue (`runs[].tool`: every rule's documentation, which names public
 * key prefixes such as `sk_live_`). It depends on rule ids only — a test below pins that — so the
 * leak check reads the document-derived rest.
 */
function documentDerived(format: string, out: string): string {
  if (!format.startsWith("sarif")) return out;
  const log = JSON.parse(out) as { runs: Array<Record<string, unknown>> };
  return JSON.stringify(log.runs.map(({ tool: _tool, ...rest }) => rest));
}

describe("canary secrets never reach an output", () => {
  it("the SARIF rule catalogue depends on rule ids only, never on messages (so it cannot carry a canary)", async () => {
    const run = await lintPaths(["."], createSession({ cwd: dir }));
    const sarif = (results: FileResult[]) => (JSON.parse(formatSarif(results, { rules: builtinRules, cwd: "/repo", repositoryRoot: "/repo", toolVersion: "0.0.0" })) as { runs: Array<{ tool: unknown }> }).runs[0]?.tool;
    const blanked = run.results.map((r) => ({ ...r, diagnostics: r.diagnostics.map((d) => ({ ...d, message: "x", secrets: undefined })) }));
    expect(sarif(maskResults(run.results))).toEqual(sarif(blanked));
  });

  it("the canaries are in the raw findings (the check below can fail)", async () => {
    const run = await lintPaths(["."], createSession({ cwd: dir }));
    const raw = JSON.stringify(run.results);
    expect(leaks(raw).length).toBe(Object.keys(canaries).length);
    expect(run.results.flatMap((f) => f.diagnostics).filter((d) => d.ruleId === "no-secrets")).toHaveLength(16);
  });

  for (const [name, format] of FORMATTERS) {
    it(`formatter ${name}`, async () => {
      const run = await lintPaths(["."], createSession({ cwd: dir }));
      expect(leaks(documentDerived(name, format(maskResults(run.results))))).toEqual([]);
    });
  }

  for (const format of CLI_FORMATS) {
    for (const extra of [[], ["--quiet"], ["--rule", "no-secrets=off"], ["--write-baseline", "baseline.json"]]) {
      it(`handoff lint --format ${format} ${extra.join(" ")}`, async () => {
        const { out, err } = await cli(["lint", "--format", format, ...extra, "."]);
        // Something was printed (github prints nothing when the baseline suppressed every finding).
        expect(out.length + err.length).toBeGreaterThan(0);
        expect(leaks(documentDerived(format, out))).toEqual([]);
        expect(leaks(err)).toEqual([]);
      });
    }
  }
});
