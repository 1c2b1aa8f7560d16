/**
 * The MCP tools' handlers. Each runs in the project directory the server was started in, calls
 * the same code as the matching command, and returns structured output (the shape of its
 * `outputSchema` in ./tool-schemas.ts) with a text rendering of it. Bad arguments — a name that
 * leaves the store or the project, an unknown id, profile or status — are thrown as
 * {@link ToolArgumentError}, which the server answers as a JSON-RPC `InvalidParams` error.
 */
import { runList } from "../cli/list.js";
import { runResume } from "../cli/resume.js";
import { runStatus } from "../cli/status.js";
import { runVerify } from "../cli/verify.js";
import { openStore } from "../cli/store-options.js";
import { ConfigError } from "../engine/config.js";
import { verifyIntegrity } from "../integrity/verify.js";
import { analyzeSource, buildDocument } from "../lint.js";
import { readSource, sourceFromBytes } from "../load/read.js";
import { resolveInside, StoreEscapeError } from "../store/naming.js";
import { captureCommand, type CapturedRun } from "../cli/captured-io.js";
import { toolFinding, writeHandoff, type WriteArguments } from "./write.js";

/** A tool was called with arguments it cannot act on (the caller's mistake). */
export class ToolArgumentError extends Error {
  override name = "ToolArgumentError";
}

/** Where the tools work. */
export interface ToolContext {
  /** The project directory (absolute). */
  cwd: string;
  env: NodeJS.ProcessEnv;
}

/** What a handler returns: the structured output, its text, and whether it is a tool-level failure. */
export interface ToolOutput {
  structured: Record<string, unknown>;
  text: string;
  isError?: boolean;
}

type Handler = (args: Record<string, unknown>, context: ToolContext) => Promise<ToolOutput>;

const asJson = (value: unknown): string => JSON.stringify(value, null, 2);

/** The first `handoff: …` line of a command that ended with a usage error. */
function usageError(run: CapturedRun): ToolArgumentError {
  const line = run.stderr.split("\n").find((l) => l.trim() !== "") ?? "the request could not be carried out";
  return new ToolArgumentError(line.replace(/^handoff(?: \w+)?: /, ""));
}

/** `name` resolved under the project directory. @throws ToolArgumentError when it leaves it. */
function insideProject(name: string, cwd: string): string {
  try {
    return resolveInside(cwd, name);
  } catch (error) {
    if (error instanceof StoreEscapeError) throw new ToolArgumentError(`${error.message.replace(/the store/g, "the project directory")}`);
    throw error;
  }
}

function session(profile: string | undefined, context: ToolContext) {
  try {
    return openStore({ profile }, { ...context, stdout: { write: () => true }, stderr: { write: () => true } }).session;
  } catch (error) {
    if (error instanceof ConfigError) throw new ToolArgumentError(error.message);
    throw error;
  }
}

const write: Handler = async (args, context) => {
  try {
    const result = await writeHandoff(args as unknown as WriteArguments, context.cwd, context.env);
    const structured = result as unknown as Record<string, unknown>;
    return { structured, text: asJson(structured), isError: result.status === "refused" };
  } catch (error) {
    if (error instanceof ConfigError) throw new ToolArgumentError(error.message);
    throw error;
  }
};

const ORDER = ["refused", "warning", "notice", "note"];

const resume: Handler = async (args, context) => {
  const dryRun = args.dry_run === true || args.mark_resumed !== true;
  const options = { format: "json", dryRun, strict: args.strict === true, git: args.git !== false };
  const run = await captureCommand(context.cwd, context.env, (io) => runResume(args.id as string | undefined, options, io));
  if (!run.stdout.trim().startsWith("{")) throw usageError(run);
  const out = JSON.parse(run.stdout) as Record<string, unknown>;
  const checks = (out.checks as Array<{ check: string; outcome: string; message: string | null }> | undefined) ?? [];
  const warnings = ORDER.flatMap((outcome) => checks.filter((c) => c.outcome === outcome && c.message !== null).map((c) => `${outcome}: ${c.check}: ${c.message!.replace(/[\r\n]+/g, " ")}`));
  for (const problem of (out.problems as string[] | undefined) ?? []) warnings.push(`unusable: ${problem}`);
  const userTier = typeof out.userTier === "string" ? out.userTier : "";
  // The verdict and the warnings come first, as in `resume`'s own output.
  const structured = { verdict: out.verdict, warnings, ...out, userTier };
  delete (structured as Record<string, unknown>).checks;
  const head = [`verdict: ${String(out.verdict)}${out.reason ? ` (${String(out.reason)})` : ""}`, ...warnings];
  return { structured, text: `${[...head, ...(userTier ? [userTier.replace(/\n$/, "")] : [])].join("\n")}\n`, isError: out.verdict === "refused" || out.verdict === "unusable" };
};

const lint: Handler = async (args, context) => {
  const file = insideProject(args.path as string, context.cwd);
  const lintSession = session(args.profile as string | undefined, context);
  const source =
    typeof args.content === "string"
      ? sourceFromBytes(file, new TextEncoder().encode(args.content), context.cwd, { maxBytes: lintSession.maxFileSize })
      : await readSource(file, { cwd: context.cwd, maxBytes: lintSession.maxFileSize });
  const { result } = analyzeSource(source, lintSession);
  const count = (severity: string) => result.diagnostics.filter((d) => d.severity === severity).length;
  const structured = { path: result.path, profile: result.profile, errors: count("error"), warnings: count("warning"), findings: result.diagnostics.map(toolFinding) };
  return { structured, text: asJson(structured) };
};

const list: Handler = async (args, context) => {
  const options = { format: "json", status: (args.status as string[] | undefined) ?? [], all: args.all === true };
  const run = await captureCommand(context.cwd, context.env, (io) => runList(options, io));
  if (run.exitCode !== 0) throw usageError(run);
  const structured = JSON.parse(run.stdout) as Record<string, unknown>;
  return { structured, text: asJson(structured) };
};

const verify: Handler = async (args, context) => {
  const file = insideProject(args.path as string, context.cwd);
  const source = await readSource(file, { cwd: context.cwd });
  const { document } = buildDocument(source, session(undefined, context));
  const integrity = verifyIntegrity(document).status;
  const run = await captureCommand(context.cwd, context.env, (io) => runVerify([file], { git: args.git === true }, io));
  const lines = run.stdout.split("\n").filter((l) => l !== "");
  const structured = { path: source.displayPath, integrity, holds: run.exitCode === 0, lines };
  return { structured, text: `${lines.join("\n")}\n` };
};

const status: Handler = async (args, context) => {
  const run = await captureCommand(context.cwd, context.env, (io) => runStatus(args.id as string, args.to as string, {}, io));
  if (run.exitCode === 2) throw usageError(run);
  const message = `${run.stdout}${run.stderr}`.trim();
  return { structured: { changed: run.exitCode === 0, message }, text: `${message}\n`, isError: run.exitCode !== 0 };
};

/** Handlers by tool name. */
export const TOOL_HANDLERS: Readonly<Record<string, Handler>> = {
  handoff_write: write,
  handoff_resume: resume,
  handoff_lint: lint,
  handoff_list: list,
  handoff_verify: verify,
  handoff_status: status,
};
