/**
 * The output boundary as a property (#32): canaries of every detector family (and URL user
 * information, a PEM body) planted in every place a repository can hold them — a document, a file
 * name, a commit subject, a remote URL, a config value, a command-line argument — and raw control
 * and bidirectional characters next to them, never come out of any command, in any format, or of
 * any MCP tool or resource. fast-check picks which canary goes to which place (fixed seed).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/6-front-ends/cli/program.js";
import { createHandoffServer } from "../../src/6-front-ends/mcp/server.js";
import type { ToolContext } from "../../src/6-front-ends/mcp/tools.js";
import { canaries, canaryJson, canaryMarkdown, leaks } from "../helpers/canaries.js";
import { captureIO } from "../helpers/capture-io.js";
import { createRepo, type TempRepo } from "../helpers/git-repo.js";

const ENV = { NO_COLOR: "1", HANDOFF_EPHEMERAL: "0" };
type CanaryName = keyof typeof canaries;
/**
 * Canaries that say what they are on their own (a vendor prefix, a JWT), for a file name, a commit
 * subject and an argument: nothing can tell a bare password or hex key there from any other word.
 */
const SELF_EVIDENT: CanaryName[] = ["github", "stripe", "awsId", "openai", "jwt", "dateToken", "heading", "step"];
/** Any canary can be a URL's user information: that is masked whatever it holds. */
const ANY = (Object.keys(canaries) as CanaryName[]).filter((k) => /^[\w.-]+$/.test(canaries[k]));
/** Raw characters that must never reach a terminal or a JSON/XML consumer unescaped. */
const RAW_CONTROLS = /[\u001b\u0007\u0080-\u009f\u202a-\u202e\u2066-\u2069\u{e0041}-\u{e007a}]/u;
const HOSTILE_TEXT = "\u001b]0;pwned\u0007 \u009b31m \u202eevil\u202c \u{e0041}\u{e0042}";

/** Every command line run, by the format it prints: each must print neither a canary nor a raw control. */
function commandLines(names: { file: string; argument: string }): string[][] {
  const lints = ["stylish", "json", "sarif", "github", "junit"].map((format) => ["lint", "--format", format, "handoffs"]);
  return [
    ...lints,
    ["lint", "--format", "json", "--stdin-filename", "handoffs/stdin.md"],
    ["lint", `handoffs/${names.argument}.md`],
    ["verify", "handoffs/canary.md", `handoffs/${names.file}.md`],
    ["verify", "--git", "handoffs/canary.md"],
    ["verify", "--format", "json", "handoffs/canary.md"],
    ["redact", "--dry-run", "handoffs/canary.md"],
    ["seal", "--dry-run", `handoffs/${names.file}.md`],
    ["checkpoint", "--verify", "handoffs/canary.md"],
    ["checkpoint", "--by", names.argument, "progress.md"],
    ["new", "--profile", "contract", "--from", "handoffs/canary.md"],
    ["new", "--profile", "contract", "--dry-run"],
    ["list"],
    ["list", "--format", "json"],
    ["resume", "--dry-run"],
    ["resume", "--dry-run", "--format", "json"],
    ["resume", "--dry-run", names.argument],
    ["status", "--dry-run", "canary", "closed"],
    ["log"],
    ["sync", "--dry-run"],
    ["stats", "handoffs"],
    ["stats", "--format", "json", "handoffs"],
    ["stats", "--format", "markdown", "handoffs"],
    ["install-hook", "--dry-run"],
    [names.argument],
  ];
}

/** A repository holding the canaries: the chosen ones in a file name, a commit subject and a remote URL. */
function plantedRepo(names: { file: string; subject: string; remote: string }): TempRepo {
  const repo = createRepo("handoffkit-canary-everywhere-");
  mkdirSync(path.join(repo.root, "handoffs"));
  writeFileSync(path.join(repo.root, "handoffs/canary.md"), canaryMarkdown.replace("first\n", `first ${HOSTILE_TEXT}\n`));
  writeFileSync(path.join(repo.root, "handoffs/record.json"), canaryJson);
  writeFileSync(path.join(repo.root, `handoffs/${names.file}.md`), `# Handoff ${HOSTILE_TEXT}\n\n## Next steps\n\nGo.\n`);
  writeFileSync(path.join(repo.root, "handoff.config.json"), JSON.stringify({ ignores: [`never-${canaries.generic}/**`] }));
  repo.commit(`deploy with ${names.subject} ${HOSTILE_TEXT}`);
  execFileSync("git", ["remote", "add", "origin", `https://ci:${names.remote}@git.example.com/acme/app.git`], { cwd: repo.root });
  return repo;
}

/**
 * SARIF's rule catalogue (`runs[].tool`) documents public key prefixes (`sk_live_`) and depends on
 * rule ids only (test/report/canary.test.ts pins that): the document-derived rest is checked.
 */
function documentDerived(argv: readonly string[], out: string): string {
  if (!argv.includes("sarif")) return out;
  const log = JSON.parse(out) as { runs: Array<Record<string, unknown>> };
  return JSON.stringify(log.runs.map(({ tool: _tool, ...rest }) => rest));
}

/** A request to the MCP server in-process, as a client's would reach it: the result, or the error it answers with. */
async function mcp(context: ToolContext, method: string, params: Record<string, unknown>): Promise<unknown> {
  const server = createHandoffServer(context, "0.0.0");
  const handlers = (server as unknown as { _requestHandlers: Map<string, (request: unknown, extra: unknown) => Promise<unknown>> })._requestHandlers;
  const handler = handlers.get(method);
  if (!handler) throw new Error(`no MCP handler for ${method}`);
  return handler({ method, params }, {}).catch((error: unknown) => ({ error: (error as Error).message }));
}

/** Everything the current run printed: the checks below must have had canaries and controls to mask. */
let printed = "";

function check(where: string, output: string): void {
  printed += output;
  expect(leaks(output), where).toEqual([]);
  expect(RAW_CONTROLS.test(output), `${where}: a raw control character`).toBe(false);
}

describe("canaries and controls never leave the process", () => {
  it("through every command, format and MCP tool and resource, wherever they are planted", async () => {
    const pick = fc.constantFrom(...SELF_EVIDENT);
    await fc.assert(
      fc.asyncProperty(fc.record({ file: pick, subject: pick, remote: fc.constantFrom(...ANY), argument: pick }), async (chosen) => {
        const names = { file: canaries[chosen.file], subject: canaries[chosen.subject], remote: canaries[chosen.remote], argument: canaries[chosen.argument] };
        const repo = plantedRepo(names);
        printed = "";
        try {
          for (const argv of commandLines(names)) {
            const cap = captureIO(repo.root, ENV, argv.includes("--stdin-filename") ? canaryMarkdown : undefined);
            await runCli(argv, cap.io);
            check(`handoff ${argv.join(" ")}`, documentDerived(argv, cap.stdout()) + cap.stderr());
          }
          const context = { cwd: repo.root, env: ENV };
          const calls: Array<[string, Record<string, unknown>]> = [
            ["handoff_lint", { path: "handoffs/canary.md" }],
            ["handoff_lint", { path: `handoffs/${names.argument}.md` }],
            ["handoff_list", {}],
            ["handoff_resume", {}],
            ["handoff_resume", { id: names.argument }],
            ["handoff_verify", { path: "handoffs/canary.md" }],
            ["handoff_status", { id: names.argument, status: "closed" }],
            ["handoff_write", { content: canaryMarkdown, profile: "contract" }],
            ["handoff_write", { content: canaryMarkdown, profile: "contract", redact: true }],
            [names.argument, { [names.argument]: names.argument }],
          ];
          for (const [tool, args] of calls)
            check(`MCP ${tool} ${JSON.stringify(Object.keys(args))}`, JSON.stringify(await mcp(context, "tools/call", { name: tool, arguments: args })));
          const listed = (await mcp(context, "resources/list", {})) as { resources?: Array<{ uri: string }> };
          check("MCP resources/list", JSON.stringify(listed));
          for (const resource of listed.resources ?? [])
            check(`MCP resource ${resource.uri}`, JSON.stringify(await mcp(context, "resources/read", { uri: resource.uri })));
          const byId = JSON.stringify(await mcp(context, "resources/read", { uri: `handoff://handoffs/${names.argument}` }));
          check("MCP resource by a canary id", byId);
          expect((listed.resources ?? []).length).toBeGreaterThan(0);
          // Not vacuous: the canaries were reached (and masked), the controls reached (and escaped).
          expect(printed).toContain(`${canaries[chosen.file].slice(0, 4)}…(`);
          expect(printed).toContain("\\x1b]0;pwned");
          expect(printed).toContain("…(46 chars)");
        } finally {
          repo.remove();
        }
      }),
      { numRuns: 2, seed: 20261203 },
    );
  }, 120_000);
});
