/**
 * The MCP tools and the command line run the same operations (src/operations/), so for the same
 * request they return the same data: each tool against its command, in one repository.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../../src/6-front-ends/cli/program.js";
import { TOOL_HANDLERS } from "../../src/6-front-ends/mcp/tools.js";
import { canaries } from "../helpers/canaries.js";
import { captureIO } from "../helpers/capture-io.js";
import { createRepo, type TempRepo } from "../helpers/git-repo.js";
import { contractHandoff } from "./contract-fixture.js";

let repo: TempRepo;
const ENV = { HANDOFF_EPHEMERAL: "0", NO_COLOR: "1" };
const FILE = ".handoffs/HANDOFF-demo-20260301T1000Z.md";

beforeEach(() => {
  repo = createRepo("handoffkit-same-data-");
  repo.write(FILE, `---\nstatus: open\nupdated: 2026-03-01T10:00:00Z\n---\n${contractHandoff()}`);
  repo.commit("a handoff");
});
afterEach(() => repo.remove());

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const cap = captureIO(repo.root, ENV);
  const code = await runCli(args, cap.io);
  return { code, stdout: cap.stdout(), stderr: cap.stderr() };
}

const tool = (name: string, args: Record<string, unknown>) => TOOL_HANDLERS[name]!(args, { cwd: repo.root, env: ENV });

describe("the MCP tools and the commands return the same data", () => {
  it("handoff_list = list --format json", async () => {
    const fromTool = await tool("handoff_list", {});
    const fromCli = await cli("list", "--format", "json");
    expect(fromCli.code).toBe(0);
    expect(fromTool.structured).toEqual(JSON.parse(fromCli.stdout));
    expect((fromTool.structured.handoffs as unknown[]).length).toBe(1);
  });

  it("handoff_resume = resume --format json --dry-run (checks as warnings, the rest field for field)", async () => {
    const fromTool = await tool("handoff_resume", {});
    const fromCli = await cli("resume", "--format", "json", "--dry-run");
    expect(fromCli.code).toBe(0);
    const { checks, ...rest } = JSON.parse(fromCli.stdout) as Record<string, unknown> & { checks: unknown[] };
    const { warnings, ...structured } = fromTool.structured;
    expect(structured).toEqual(rest);
    expect(checks.length).toBeGreaterThan(0);
    expect(warnings).toEqual(["note: drift: the handoff records no commit (git_ref or head_sha)"]);
  });

  it("handoff_lint = lint --format json (each finding's rule, severity, message and place)", async () => {
    repo.write("notes/HANDOFF.md", "# Notes\n\n## Next steps\n\nTBD\n");
    const fromTool = await tool("handoff_lint", { path: "notes/HANDOFF.md" });
    const fromCli = await cli("lint", "--format", "json", "notes/HANDOFF.md");
    const file = (JSON.parse(fromCli.stdout) as { files: Array<{ path: string; profile: string; diagnostics: Array<Record<string, unknown>> }> }).files[0]!;
    expect(fromTool.structured.path).toBe(file.path);
    expect(fromTool.structured.profile).toBe(file.profile);
    expect(fromTool.structured.findings).toEqual(
      file.diagnostics.map((d) => ({ ruleId: d.ruleId, severity: d.severity, message: d.message, line: d.line, column: d.column })),
    );
    expect((fromTool.structured.findings as unknown[]).length).toBeGreaterThan(0);
  });

  it("handoff_verify = verify (the same lines, holds exactly when the command exits 0)", async () => {
    await cli("seal", FILE);
    const fromTool = await tool("handoff_verify", { path: FILE });
    const fromCli = await cli("verify", FILE);
    expect(fromCli.code).toBe(0);
    expect(fromTool.structured).toEqual({ path: FILE, integrity: "ok", holds: true, lines: fromCli.stdout.trimEnd().split("\n") });
  });

  it("handoff_status = status (the same message; a refusal on both)", async () => {
    const fromTool = await tool("handoff_status", { id: "HANDOFF-demo-20260301T1000Z", to: "in-progress" });
    expect(fromTool.structured).toEqual({ changed: true, message: `${FILE}: status open -> in-progress` });
    const fromCli = await cli("status", "HANDOFF-demo-20260301T1000Z", "blocked");
    expect(fromCli).toEqual({ code: 0, stdout: `${FILE}: status in-progress -> blocked\n`, stderr: "" });
    const refusedTool = await tool("handoff_status", { id: "HANDOFF-demo-20260301T1000Z", to: "open" });
    const refusedCli = await cli("status", "HANDOFF-demo-20260301T1000Z", "open");
    expect(refusedCli.code).toBe(1);
    expect(refusedTool).toMatchObject({ isError: true, structured: { changed: false, message: refusedCli.stderr.trimEnd() } });
  });

  it("handoff_write = new --from (the same file, path and digest; the same refusal)", async () => {
    const content = contractHandoff().replace("demo 20260301T1000Z", "demo 20260302T1000Z");
    repo.write("draft.md", content);
    const fromCli = await cli("new", "--from", "draft.md", "--profile", "contract", "--slug", "cli", "--now", "2026-03-02T10:00:00Z");
    expect(fromCli.code).toBe(0);
    const written = fromCli.stdout.trimEnd();
    const fromTool = await tool("handoff_write", { content, profile: "contract", slug: "tool" });
    expect(fromTool.structured).toMatchObject({ status: "saved", findings: [] });
    const viaTool = readFileSync(path.join(repo.root, fromTool.structured.path as string), "utf8");
    expect(readFileSync(path.join(repo.root, written), "utf8")).toBe(viaTool);
    expect(viaTool).toMatch(/^---\nintegrity: sha256:[0-9a-f]{64}\nintegrity_frontmatter: sha256:[0-9a-f]{64}\n---\n# HANDOFF demo 20260302T1000Z\n/);

    repo.write("bare.md", "# x\n");
    const refusedCli = await cli("new", "--from", "bare.md", "--profile", "hatch3r");
    const refusedTool = await tool("handoff_write", { content: "# x\n", profile: "hatch3r" });
    expect(refusedCli.code).toBe(1);
    expect(refusedCli.stderr.split("\n")[0]).toBe(`handoff new: refused: ${refusedTool.structured.reason as string}`);
  });
});

describe("new --from", () => {
  it("writes a finished handoff into the configured git store, where list and resume find it", async () => {
    repo.write("handoff.config.json", '{ "store": "git" }\n');
    repo.write("draft.md", contractHandoff());
    const written = await cli("new", "--from", "draft.md", "--profile", "contract", "--now", "2026-03-02T10:00:00Z");
    expect(written).toMatchObject({ code: 0, stderr: "" });
    expect(written.stdout).toMatch(/^refs\/handoffs\/default:HANDOFF-[\w-]+-20260302T1000Z\.md\n$/);
    const listed = JSON.parse((await cli("list", "--format", "json")).stdout) as { handoffs: Array<{ id: string }> };
    expect(listed.handoffs.map((h) => h.id)).toEqual([written.stdout.trim().replace(/^.*:/, "").replace(/\.md$/, "")]);
    const viaTool = await tool("handoff_write", { content: contractHandoff().replace("demo", "other"), profile: "contract", slug: "other" });
    expect(viaTool.structured).toMatchObject({ status: "saved", id: expect.stringMatching(/^HANDOFF-[\w-]+-\d{8}T\d{4}Z$/) });
    expect(viaTool.structured.path).toBe(`refs/handoffs/default:${viaTool.structured.id as string}.md`);
  });

  it("reads standard input for -, and refuses a secret unless --redact", async () => {
    const secret = contractHandoff(`The deploy token is ${canaries.github}.`);
    const cap = captureIO(repo.root, ENV, secret);
    expect(await runCli(["new", "--from", "-", "--profile", "contract"], cap.io)).toBe(1);
    expect(cap.stderr()).toMatch(
      /^handoff new: refused: 1 error finding from no-secrets: remove them, or ask for redaction of the secrets; nothing was written\n/,
    );
    expect(cap.stderr()).not.toContain(canaries.github.slice(4, 20));
    const redacted = captureIO(repo.root, ENV, secret);
    expect(await runCli(["new", "--from", "-", "--profile", "contract", "--redact", "--slug", "redacted"], redacted.io)).toBe(0);
    expect(readFileSync(path.join(repo.root, redacted.stdout().trim()), "utf8")).toContain("[REDACTED:github-token]");
  });
});
