/**
 * Findings of the attacker's review (#32) about what leaves the process, each a test named for it:
 * secrets from a remote URL, a record, a branch, a frontmatter error or an argument never printed,
 * written or committed; control and bidirectional characters never raw in any output. The output
 * boundary (src/4-report/boundary.ts) is the one place that guarantees both.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { boundaryText, maskOutput } from "../../src/4-report/boundary.js";
import { runCli } from "../../src/6-front-ends/cli/program.js";
import { canaries, leaks } from "../helpers/canaries.js";
import { captureIO } from "../helpers/capture-io.js";
import { createRepo, type TempRepo } from "../helpers/git-repo.js";
import { contractHandoff } from "../mcp/contract-fixture.js";

let repo: TempRepo;
beforeEach(() => {
  repo = createRepo("handoffkit-boundary-");
});
afterEach(() => repo.remove());

const ENV = { NO_COLOR: "1", HANDOFF_EPHEMERAL: "0" };
async function cli(...args: string[]) {
  const cap = captureIO(repo.root, ENV);
  const code = await runCli(args, cap.io);
  return { code, stdout: cap.stdout(), stderr: cap.stderr() };
}
const TOKEN_URL = `https://ci:${canaries.github}@git.example.com/acme/app.git`;

/** A request to the MCP server in-process, as a client's would reach it: the result, or the error it answers with. */
async function mcpRequest(method: "tools/call" | "resources/read", params: Record<string, unknown>): Promise<unknown> {
  const { createHandoffServer } = await import("../../src/6-front-ends/mcp/server.js");
  const server = createHandoffServer({ cwd: repo.root, env: ENV }, "0.0.0");
  const handler = (server as unknown as { _requestHandlers: Map<string, (request: unknown, extra: unknown) => Promise<unknown>> })._requestHandlers.get(
    method,
  )!;
  return handler({ method, params }, {}).catch((error: unknown) => error);
}

describe("the output boundary", () => {
  it("masks what the secret detectors find and every URL's user information, and leaves masked text as it is", () => {
    const text = `push to ${TOKEN_URL}, key ${canaries.awsId}, digest sha256:${"ab".repeat(32)}`;
    const masked = maskOutput(text);
    expect(leaks(masked)).toEqual([]);
    expect(masked).toContain(`sha256:${"ab".repeat(32)}`);
    expect(masked).toMatch(/^push to https:\/\/…\(2 chars\):ghp_…\(\d+ chars\)@git\.example\.com\/acme\/app\.git, key AKIA…\(20 chars\), digest/);
    expect(maskOutput(masked)).toBe(masked);
  });

  it("escapes C1 controls and bidirectional characters as \\u escapes in JSON, references in XML, visible escapes in text", () => {
    const raw = `a\u009b31mb\u202ec\u200bd`;
    expect(boundaryText(JSON.stringify({ raw }), "json")).toBe('{"raw":"a\\u009b31mb\\u202ec\\u200bd"}');
    expect(JSON.parse(boundaryText(JSON.stringify({ raw }), "json"))).toEqual({ raw });
    expect(boundaryText(`<x a="${raw}"/>`, "xml")).toBe('<x a="a&#x9b;31mb&#x202e;c&#x200b;d"/>');
    expect(boundaryText(raw, "text")).toBe("a\\x9b31mb\\u202ec\\u200bd");
    expect(boundaryText("\u001b[31mred\u001b[39m \u001b[2J\u001b[8m", "text")).toBe("\u001b[31mred\u001b[39m \\x1b[2J\\x1b[8m");
  });
});

describe("findings of the attacker's review", () => {
  it("#4: new --profile verified-delivery does not copy the remote URL's token into 'repository'", async () => {
    repo.git("remote", "add", "origin", TOKEN_URL);
    const made = await cli("new", "--profile", "verified-delivery");
    expect(made.code).toBe(0);
    const record = readFileSync(path.join(repo.root, ".verified-delivery/handoff.json"), "utf8");
    expect(JSON.parse(record).repository).toBe("https://git.example.com/acme/app.git");
    expect(leaks(made.stdout + made.stderr + record)).toEqual([]);
    const ephemeral = captureIO(repo.root, { NO_COLOR: "1", HANDOFF_EPHEMERAL: "1" });
    repo.git("rm", "-q", "--cached", "--ignore-unmatch", ".verified-delivery/handoff.json");
    execFileSync("rm", ["-rf", path.join(repo.root, ".verified-delivery")]);
    await runCli(["new", "--profile", "verified-delivery"], ephemeral.io);
    expect(leaks(ephemeral.stdout() + ephemeral.stderr())).toEqual([]);
  });

  it("#5: verify --git and MCP handoff_verify print no secret from the record, the remote or a branch name", async () => {
    repo.git("checkout", "-q", "-b", canaries.awsId);
    repo.git("remote", "add", "origin", TOKEN_URL);
    const record = {
      schema: "verified-delivery/handoff-v1",
      status: "open",
      repository: `https://deploy:${canaries.urlPassword}@other.example.com/x.git`,
      branch: "main",
      head_sha: "0".repeat(40),
    };
    repo.write("handoff.json", JSON.stringify(record));
    const run = await cli("verify", "--git", "handoff.json");
    expect(run.stdout).toContain("git:");
    expect(leaks(run.stdout + run.stderr)).toEqual([]);
    const tool = await mcpRequest("tools/call", { name: "handoff_verify", arguments: { path: "handoff.json", git: true } });
    expect(JSON.stringify(tool)).toContain("git:");
    expect(leaks(JSON.stringify(tool))).toEqual([]);
  });

  it("#6: sync with a URL holding credentials writes them into no commit message or error", async () => {
    repo.write("handoff.config.json", '{ "store": "git" }\n');
    repo.write("draft.md", contractHandoff());
    expect((await cli("new", "--from", "draft.md", "--profile", "contract")).code).toBe(0);
    const run = await cli("sync", `https://ci:${canaries.github}@127.0.0.1:9/nowhere.git`);
    expect(run.code).toBe(2);
    expect(leaks(run.stdout + run.stderr)).toEqual([]);
    const log = repo.git("log", "--format=%B", "refs/handoffs/default");
    const reflog = repo.git("reflog", "show", "--format=%gs", "refs/handoffs/default");
    expect(leaks(log + reflog)).toEqual([]);
  });

  it("#12: MCP errors do not echo a secret from the arguments", async () => {
    for (const params of [
      { name: `handoff_${canaries.github}`, arguments: {} },
      { name: "handoff_resume", arguments: { id: canaries.github } },
      { name: "handoff_lint", arguments: { path: `${canaries.github}/x.md` } },
      { name: "handoff_resume", arguments: { [canaries.stripe]: 1 } },
    ]) {
      const answer = await mcpRequest("tools/call", params);
      expect(leaks(answer instanceof Error ? answer.message : JSON.stringify(answer))).toEqual([]);
    }
  });

  it("#13 and #18: MCP results and JSON outputs carry no raw ESC, C1 or bidirectional character", async () => {
    repo.write(
      ".handoffs/HANDOFF-demo-20260301T1000Z.md",
      `---\nstatus: open\nsummary: "evil \\e]0;title\\a \\u009b2J \\u202egnp.exe"\n---\n${contractHandoff()}`,
    );
    const raw = /[\u001b\u0007\u0080-\u009f\u202a-\u202e\u2066-\u2069]/;
    for (const args of [
      ["list", "--format", "json"],
      ["resume", "--format", "json", "--dry-run"],
      ["lint", "--format", "json", ".handoffs"],
      ["lint", "--format", "sarif", ".handoffs"],
      ["lint", "--format", "junit", ".handoffs"],
      ["stats", "--format", "json", ".handoffs"],
    ]) {
      const run = await cli(...args);
      expect(raw.test(run.stdout + run.stderr), args.join(" ")).toBe(false);
    }
    for (const name of ["handoff_list", "handoff_resume"]) {
      const answer = await mcpRequest("tools/call", { name, arguments: {} });
      expect(JSON.stringify(answer)).toContain("HANDOFF-demo");
      expect(raw.test(JSON.stringify(answer)), name).toBe(false);
    }
    const resource = await mcpRequest("resources/read", { uri: "handoff://latest" });
    expect(raw.test(JSON.stringify(resource))).toBe(false);
  });

  it("#19: verify and seal print no token from a frontmatter error line", async () => {
    repo.write("h.md", `---\ntitle: x\nkey: *${canaries.github}\n---\n# H\n`);
    for (const command of ["verify", "seal"]) {
      const run = await cli(command, "h.md");
      expect(leaks(run.stdout + run.stderr), command).toEqual([]);
    }
  });
});
