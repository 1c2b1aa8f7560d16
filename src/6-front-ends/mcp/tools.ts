/**
 * The MCP tools' handlers. Each runs in the project directory the server was started in, calls
 * the same operation as the matching command (src/operations/), and returns its structured result
 * (the shape of its `outputSchema` in ./tool-schemas.ts) with a text rendering of it. Bad
 * arguments — a name that leaves the store or the project, an unknown id, profile or status — are
 * thrown as {@link ToolArgumentError}, which the server answers as a JSON-RPC `InvalidParams` error.
 */
import { ConfigError } from "../../3-check/engine/config.js";
import { analyzeSource } from "../../3-check/lint.js";
import { readSource, sourceFromBytes } from "../../1-load/read.js";
import { isUserError } from "../../5-operations/errors.js";
import { listHandoffs } from "../../5-operations/list.js";
import { resumeHandoff } from "../../5-operations/resume.js";
import { setStatus, statusLines } from "../../5-operations/status.js";
import { openStore } from "../../5-operations/store-access.js";
import { verifyHandoffs, verifyHolds, verifyLines } from "../../5-operations/verify.js";
import { toolFinding, writeHandoff, type WriteArguments } from "../../5-operations/write.js";
import { resolveInside, StoreEscapeError } from "../../5-operations/store/naming.js";

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

/** Runs an operation, its user errors (a bad config, an unknown name…) as {@link ToolArgumentError}. */
async function operation<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUserError(error)) throw new ToolArgumentError(error.message);
    throw error;
  }
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
    return openStore({ profile }, context).session;
  } catch (error) {
    if (error instanceof ConfigError) throw new ToolArgumentError(error.message);
    throw error;
  }
}

const write: Handler = async (args, context) => {
  const result = await operation(() => writeHandoff(args as unknown as WriteArguments, context));
  const structured = result as unknown as Record<string, unknown>;
  return { structured, text: asJson(structured), isError: result.status === "refused" };
};

const ORDER = ["refused", "warning", "notice", "note"];

const resume: Handler = async (args, context) => {
  const options = { dryRun: args.dry_run === true || args.mark_resumed !== true, strict: args.strict === true, git: args.git !== false };
  const { result } = await operation(() => resumeHandoff(args.id as string | undefined, options, context));
  if (result.verdict !== "none" && result.verdict !== "unusable" && result.statusRefused !== undefined)
    throw new ToolArgumentError(`refused ${result.path}: ${result.statusRefused}`);
  const checks = result.verdict === "resumed" || result.verdict === "refused" ? result.checks : [];
  const warnings = ORDER.flatMap((outcome) =>
    checks.filter((c) => c.outcome === outcome && c.message !== null).map((c) => `${outcome}: ${c.check}: ${c.message!.replace(/[\r\n]+/g, " ")}`),
  );
  if (result.verdict === "unusable") for (const problem of result.problems) warnings.push(`unusable: ${problem}`);
  let out: Record<string, unknown>;
  if (result.verdict === "resumed" || result.verdict === "refused") {
    const { report: _report, statusLine: _line, statusRefused: _refused, checks: _checks, ...rest } = result;
    out = rest;
  } else out = { ...result };
  const userTier = typeof out.userTier === "string" ? out.userTier : "";
  // The verdict and the warnings come first, as in `resume`'s own output.
  const structured = { verdict: result.verdict, warnings, ...out, userTier };
  const reason = result.verdict === "none" ? result.reason : undefined;
  const head = [`verdict: ${result.verdict}${reason ? ` (${reason})` : ""}`, ...warnings];
  return {
    structured,
    text: `${[...head, ...(userTier ? [userTier.replace(/\n$/, "")] : [])].join("\n")}\n`,
    isError: result.verdict === "refused" || result.verdict === "unusable",
  };
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
  const structured = {
    path: result.path,
    profile: result.profile,
    errors: count("error"),
    warnings: count("warning"),
    findings: result.diagnostics.map(toolFinding),
  };
  return { structured, text: asJson(structured) };
};

const list: Handler = async (args, context) => {
  const { result } = await operation(() => listHandoffs({ status: (args.status as string[] | undefined) ?? [], all: args.all === true }, context));
  const structured = { stores: result.stores, handoffs: result.handoffs };
  return { structured, text: asJson(structured) };
};

const verify: Handler = async (args, context) => {
  const file = insideProject(args.path as string, context.cwd);
  const { files } = await operation(() => verifyHandoffs([file], { git: args.git === true }, context));
  const verdict = files[0];
  if (!verdict) throw new ToolArgumentError("nothing to verify");
  const lines = verifyLines(verdict);
  const structured = { path: verdict.path, integrity: verdict.outcome.status, holds: verifyHolds(verdict), lines };
  return { structured, text: `${lines.join("\n")}\n` };
};

const status: Handler = async (args, context) => {
  const { result, refused } = await operation(() => setStatus(args.id as string, args.to as string, {}, context));
  const lines = statusLines(result);
  if (refused !== undefined) lines.push(`handoff status: refused: ${refused}`);
  const message = lines.join("\n");
  const changed = result.changed && refused === undefined;
  return { structured: { changed, message }, text: `${message}\n`, isError: !changed };
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
