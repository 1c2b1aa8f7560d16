/**
 * Finding #23 of the attacker's review (#32), the MCP parts: a message over 10 MiB is answered
 * with a parse error and dropped, and the server keeps answering (it used to close and exit 0);
 * `handoff_write` names a hatch3r file by the document's id only when it has hatch3r's id shape.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TOOL_HANDLERS } from "../../src/6-front-ends/mcp/tools.js";
import { createRepo, type TempRepo } from "../helpers/git-repo.js";
import { repoRoot } from "../helpers/locations.js";

let repo: TempRepo;
beforeEach(() => {
  repo = createRepo("handoffkit-mcp-limits-");
});
afterEach(() => repo.remove());

/**
 * Sends `lines` to `handoff mcp` (the shipped bundle) and closes its input once it has answered
 * `answers` messages (or after 45 s); returns its exit code and the messages it wrote.
 */
function converse(lines: string[], answers: number): Promise<{ code: number | null; messages: Array<Record<string, unknown>> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, "dist/bundle/main.js"), "mcp"], { cwd: repo.root, stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      child.stdin.end();
    };
    const deadline = setTimeout(end, 45_000);
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
      if (out.split("\n").filter(Boolean).length >= answers) end();
    });
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(deadline);
      resolve({
        code,
        messages: out
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Record<string, unknown>),
      });
    });
    const write = (index: number) => {
      if (index < lines.length) child.stdin.write(`${lines[index]}\n`, () => write(index + 1));
    };
    write(0);
  });
}

const request = (id: number, method: string, params: Record<string, unknown> = {}) => JSON.stringify({ jsonrpc: "2.0", id, method, params });
const INITIALIZE = request(1, "initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } });

describe("#23 the MCP server", () => {
  it("answers a message over 10 MiB with a parse error and goes on answering", async () => {
    const huge = JSON.stringify({
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "handoff_lint", arguments: { content: "x".repeat(11 * 1024 * 1024) } },
    });
    const { code, messages } = await converse(
      [INITIALIZE, JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }), huge, request(3, "tools/list")],
      3,
    );
    expect(code).toBe(0);
    expect(messages.map((m) => m.id)).toEqual([1, null, 3]);
    expect(messages[1]).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "message over 10485760 bytes: dropped" } });
    expect(((messages[2]!.result as { tools: unknown[] }).tools ?? []).length).toBe(6);
  }, 60_000);

  it("stays up and answers after a handoff_lint call on a document of list items over the block budget (#3)", async () => {
    // 6,000 items (42 KB), over the 5,000 blocks a document parses; the extra tier's
    // hostile tests lint 1 MB of them.
    repo.write("handoffs/big.md", `# T\n\n${"- item\n".repeat(6_000)}`);
    const { code, messages } = await converse(
      [
        INITIALIZE,
        JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
        request(2, "tools/call", { name: "handoff_lint", arguments: { path: "handoffs/big.md" } }),
        request(3, "tools/list"),
      ],
      3,
    );
    expect(code).toBe(0);
    // tools/list may be answered while the lint still runs: matched by id.
    expect(messages.map((m) => m.id).sort()).toEqual([1, 2, 3]);
    const byId = (id: number) => messages.find((m) => m.id === id) as Record<string, unknown>;
    const lint = (byId(2).result as { structuredContent: { findings: Array<{ ruleId: string }> } }).structuredContent;
    expect(lint.findings.map((d) => d.ruleId)).toContain("markdown-limits");
    expect(((byId(3).result as { tools: unknown[] }).tools ?? []).length).toBe(6);
  }, 60_000);

  it.each([".hidden", "CHANGELOG", "..", "2026-03-01_T1000_a1b2c_x/../../y"])("handoff_write saves no hatch3r file named after the id %j", async (id) => {
    const content = [
      "---",
      `id: ${id}`,
      "type: handoff",
      "status: open",
      "created: 2026-03-01T10:00:00Z",
      "updated: 2026-03-01T10:00:00Z",
      "---",
      "",
      "# Problem",
      "",
      "Fix it.",
      "",
    ].join("\n");
    const out = await TOOL_HANDLERS.handoff_write!({ content, profile: "hatch3r", slug: "demo" }, { cwd: repo.root, env: { HANDOFF_EPHEMERAL: "0" } });
    // The id is not hatch3r's shape: the profile refuses the document, and no file is named after it.
    expect(out.structured.status).toBe("refused");
    expect((out.structured.findings as Array<{ message: string }>).some((f) => f.message.startsWith(`'id' ${JSON.stringify(id)} is malformed`))).toBe(true);
    expect(existsSync(path.join(repo.root, ".hatch3r"))).toBe(false);
  });
});
