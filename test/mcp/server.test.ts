/**
 * `handoff mcp` as an agent meets it: the built CLI started as a child process and driven by the
 * MCP SDK's own client over stdio.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "../../src/3-check/integrity/digest.js";
import { USER_TIER_BEGIN, USER_TIER_END } from "../../src/3-check/injection/markers.js";
import { canaries, leaks } from "../helpers/canaries.js";
import { createRepo, type TempRepo } from "../helpers/git-repo.js";
import { repoRoot } from "../helpers/locations.js";
import { contractHandoff, contractWithCanary } from "./contract-fixture.js";

const bin = path.join(repoRoot, "dist/bundle/main.js");

interface CallResult {
  content: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

interface RawAnswer {
  id: number;
  result?: unknown;
  error?: { code: number; message: string };
}

/**
 * Starts `handoff mcp` in `cwd`, writes `initialize`, `notifications/initialized` and `requests`
 * at once, ends standard input, and returns every answer (sorted by id) once the server exits.
 */
async function rawSession(cwd: string, requests: ReadonlyArray<{ id: number; method: string; params: unknown }>): Promise<RawAnswer[]> {
  const child = spawn(process.execPath, [bin, "mcp"], { cwd, env: { ...process.env, HANDOFF_EPHEMERAL: "0" } });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
  const lines = [
    { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "0" } } },
    { jsonrpc: "2.0", method: "notifications/initialized" },
    ...requests.map((request) => ({ jsonrpc: "2.0", ...request })),
  ];
  child.stdin.end(lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
  const exit = await new Promise<number | null>((resolve) => child.on("close", resolve));
  expect(exit).toBe(0);
  return out
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RawAnswer)
    .sort((a, b) => a.id - b.id);
}

describe("handoff mcp over stdio", () => {
  let repo: TempRepo;
  let client: Client;
  /** Every response text the client received, for the canary check. */
  const seen: string[] = [];
  const call = async (name: string, args: Record<string, unknown>): Promise<CallResult> => {
    const result = (await client.callTool({ name, arguments: args })) as CallResult;
    seen.push(JSON.stringify(result));
    return result;
  };

  beforeAll(async () => {
    repo = createRepo("handoffkit-mcp-");
    client = new Client({ name: "handoffkit-test", version: "1.0.0" });
    const env = { ...process.env, HANDOFF_EPHEMERAL: "0", NO_COLOR: "1" } as Record<string, string>;
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin, "mcp"], cwd: repo.root, env, stderr: "pipe" }));
  });
  afterAll(async () => {
    await client?.close();
    repo?.remove();
  });

  it("lists the six tools, each with an input and an output schema", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["handoff_write", "handoff_resume", "handoff_lint", "handoff_list", "handoff_verify", "handoff_status"]);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.outputSchema?.type).toBe("object");
    }
    expect(tools[0]?.inputSchema.required).toEqual(["content", "profile"]);
  });

  it("writes a clean handoff: saved in the store, sealed, the bytes on disk as reported", async () => {
    const result = await call("handoff_write", { content: contractHandoff(), profile: "contract", slug: "demo" });
    expect(result.isError).toBe(false);
    const out = result.structuredContent as Record<string, unknown>;
    expect(out.status).toBe("saved");
    expect(out.findings).toEqual([]);
    expect(out.redacted).toBe(0);
    expect(out.path).toMatch(/^\.handoffs\/HANDOFF-work-tree-\d{8}T\d{4}Z\.md$/);
    expect(out.id).toBe(path.basename(out.path as string, ".md"));
    const bytes = readFileSync(path.join(repo.root, out.path as string));
    const text = bytes.toString("utf8");
    // integrity_frontmatter: the digest of no values, SHA-256 of `{}`.
    expect(text).toBe(
      `---\nintegrity: ${out.digest as string}\nintegrity_frontmatter: sha256:44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a\n---\n${contractHandoff()}`,
    );
    expect(out.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    // The digest covers the trimmed body after the frontmatter (src/3-check/integrity/digest.ts).
    expect(out.digest).toBe(`sha256:${sha256Hex(new TextEncoder().encode(contractHandoff().trim()))}`);
    const verified = await call("handoff_verify", { path: out.path });
    expect(verified.structuredContent).toMatchObject({ integrity: "ok", holds: true });
  });

  it("refuses a handoff holding a canary secret, writes nothing, and never echoes the canary", async () => {
    const before = readdirSync(path.join(repo.root, ".handoffs")).sort();
    const result = await call("handoff_write", { content: contractWithCanary(), profile: "contract", slug: "leaky" });
    expect(result.isError).toBe(true);
    const out = result.structuredContent as { status: string; findings: Array<{ ruleId: string; line: number }>; path: unknown; reason: string };
    expect(out.status).toBe("refused");
    expect(out.path).toBeNull();
    expect(out.findings.map((f) => [f.ruleId, f.line])).toEqual([["no-secrets", 18]]);
    expect(out.reason).toBe("1 error finding from no-secrets: remove them, or ask for redaction of the secrets; nothing was written");
    expect(readdirSync(path.join(repo.root, ".handoffs")).sort()).toEqual(before);
    expect(JSON.stringify(result)).not.toContain(canaries.github);
    expect(leaks(JSON.stringify(result))).toEqual([]);
  });

  it("with redact, writes it with the secret replaced by its marker", async () => {
    const result = await call("handoff_write", { content: contractWithCanary(), profile: "contract", slug: "leaky", redact: true });
    const out = result.structuredContent as Record<string, unknown>;
    expect(out).toMatchObject({ status: "saved", redacted: 1, findings: [] });
    const text = readFileSync(path.join(repo.root, out.path as string), "utf8");
    expect(text).toContain("- The deploy token is [REDACTED:github-token] (`gh secret list` names it).\n");
    expect(leaks(text)).toEqual([]);
  });

  it("resumes the newest open handoff: verdict and warnings first, content between the markers, status unchanged", async () => {
    const result = await call("handoff_resume", {});
    const out = result.structuredContent as Record<string, unknown>;
    expect(Object.keys(out).slice(0, 3)).toEqual(["verdict", "warnings", "dryRun"]);
    expect(out.verdict).toBe("resumed");
    expect(out.warnings).toEqual(["note: drift: the handoff records no commit (git_ref or head_sha)"]);
    const userTier = out.userTier as string;
    expect(userTier.startsWith(`${USER_TIER_BEGIN}\n`)).toBe(true);
    expect(userTier.endsWith(`${USER_TIER_END}\n`)).toBe(true);
    expect(userTier).toContain("[REDACTED:github-token]");
    const text = result.content[0]?.text ?? "";
    expect(text.indexOf("verdict: resumed")).toBe(0);
    expect(text.indexOf("note: drift")).toBeLessThan(text.indexOf(USER_TIER_BEGIN));
    expect(out.statusChange).toBeNull();
  });

  it("reads handoff://latest and a handoff by id, masked, and refuses an id that leaves the store", async () => {
    const { resources } = await client.listResources();
    expect(resources[0]?.uri).toBe("handoff://latest");
    expect(resources.filter((r) => r.uri.startsWith("handoff://handoffs/"))).toHaveLength(2);
    const latest = await client.readResource({ uri: "handoff://latest" });
    seen.push(JSON.stringify(latest));
    expect((latest.contents[0] as { text: string }).text).toContain("[REDACTED:github-token]");
    const byId = await client.readResource({ uri: resources[1]!.uri });
    seen.push(JSON.stringify(byId));
    expect((byId.contents[0] as { text: string }).text.startsWith("---\nintegrity: sha256:")).toBe(true);
    await expect(client.readResource({ uri: "handoff://handoffs/..%2F..%2Fetc%2Fpasswd" })).rejects.toMatchObject({ code: ErrorCode.InvalidParams });
  });

  it("answers malformed calls with protocol errors and keeps serving", async () => {
    const rejects = async (name: string, args: Record<string, unknown>, message: RegExp) => {
      const error = await client.callTool({ name, arguments: args }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(McpError);
      expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
      expect((error as McpError).message).toMatch(message);
    };
    await rejects("handoff_write", { profile: "contract" }, /invalid arguments for handoff_write: arguments must have required property 'content'/);
    await rejects("handoff_write", { content: "x", profile: "nope" }, /\/profile must be equal to one of the allowed values/);
    await rejects("handoff_lint", { path: "../outside.md" }, /leaves the project directory/);
    await rejects("handoff_resume", { id: "../../etc/passwd" }, /leaves the store/);
    await rejects("handoff_status", { id: "no-such-id", to: "completed" }, /no handoff 'no-such-id'/);
    await rejects("handoff_nope", {}, /unknown tool 'handoff_nope'/);
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(6);
  });

  it("skips a line that is not JSON-RPC and answers the next request", async () => {
    const child = spawn(process.execPath, [bin, "mcp"], { cwd: repo.root, env: { ...process.env, HANDOFF_EPHEMERAL: "0" } });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
    child.stdin.write("this is not json\n");
    child.stdin.write(
      `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "0" } } })}\n`,
    );
    await new Promise<void>((resolve, reject) => {
      const deadline = Date.now() + 60_000;
      const poll = setInterval(() => {
        if (out.includes("\n")) {
          clearInterval(poll);
          resolve();
        } else if (Date.now() > deadline) {
          clearInterval(poll);
          reject(new Error("no answer from handoff mcp within 60 s"));
        }
      }, 20);
    });
    child.stdin.end();
    const exit = await new Promise<number | null>((resolve) => child.on("close", resolve));
    const response = JSON.parse(out.split("\n")[0] as string) as { id: number; result: { serverInfo: { name: string } } };
    expect(response.id).toBe(1);
    expect(response.result.serverInfo.name).toBe("handoffkit");
    expect(exit).toBe(0);
  });

  it("answers every request read before standard input ends (the last ones in flight at EOF)", async () => {
    repo.write("eof.md", "# Handoff\n\n## Next steps\n\nRun it.\n");
    const answers = await rawSession(repo.root, [
      { id: 2, method: "tools/call", params: { name: "handoff_list", arguments: {} } },
      { id: 3, method: "tools/call", params: { name: "handoff_lint", arguments: { path: "eof.md" } } },
      { id: 4, method: "resources/templates/list", params: {} },
      { id: 5, method: "resources/list", params: {} },
    ]);
    expect(answers.map((a) => [a.id, a.error?.code ?? "result"])).toEqual([
      [1, "result"],
      [2, "result"],
      [3, "result"],
      [4, "result"],
      [5, "result"],
    ]);
  });

  it("answers a broken config as the caller's problem (-32602) on resources as on tools, and keeps serving", async () => {
    const broken = createRepo("handoffkit-mcp-config-");
    try {
      broken.write("handoff.config.json", "{ not json");
      const answers = await rawSession(broken.root, [
        { id: 2, method: "resources/list", params: {} },
        { id: 3, method: "resources/read", params: { uri: "handoff://latest" } },
        { id: 4, method: "tools/call", params: { name: "handoff_list", arguments: {} } },
        { id: 5, method: "tools/list", params: {} },
      ]);
      expect(answers.map((a) => [a.id, a.error?.code ?? "result"])).toEqual([
        [1, "result"],
        [2, ErrorCode.InvalidParams],
        [3, ErrorCode.InvalidParams],
        [4, ErrorCode.InvalidParams],
        [5, "result"],
      ]);
      expect(answers[1]?.error?.message).toMatch(/handoff\.config\.json/);
    } finally {
      broken.remove();
    }
  });

  it("never sent a canary in any response", () => {
    // write, verify, the refused write, the redacted write, resume; then both resource reads.
    expect(seen).toHaveLength(7);
    expect(leaks(seen.join("\n"))).toEqual([]);
    expect(existsSync(path.join(repo.root, ".handoffs"))).toBe(true);
  });
});
