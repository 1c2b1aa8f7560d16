/**
 * The MCP tools' definitions: name, description, JSON Schema (draft 2020-12, the MCP default) of
 * the arguments and of the structured output. Arguments are validated against `inputSchema` before
 * a tool runs; a call that fails it is a JSON-RPC `InvalidParams` error.
 */
import { STATUSES } from "../../5-operations/resume/transitions.js";

/** A JSON Schema object. */
export type JsonSchema = Record<string, unknown>;

/** One tool as `tools/list` returns it. */
export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema & { type: "object" };
  outputSchema: JsonSchema & { type: "object" };
  annotations: { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
}

/** Profiles a handoff can be written as. */
export const WRITE_PROFILES = ["hatch3r", "contract", "sno", "verified-delivery", "generic"] as const;

const finding = {
  type: "object",
  required: ["ruleId", "severity", "message", "line", "column"],
  properties: {
    ruleId: { type: "string" },
    severity: { enum: ["error", "warning", "info"] },
    message: { type: "string", description: "Masked: never a secret's value." },
    line: { type: "integer", minimum: 1 },
    column: { type: "integer", minimum: 1 },
  },
};
const findings = { type: "array", items: finding };
const nullableString = { type: ["string", "null"] };
/** A name in the store or a file under the project directory. */
const relativeName = { type: "string", minLength: 1, maxLength: 1024, pattern: "^[^\\u0000]+$" };

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** Every tool, in the order `tools/list` gives them. */
export const TOOL_DEFINITIONS: readonly ToolDefinition[] = [
  {
    name: "handoff_write",
    title: "Write a handoff",
    description:
      "Lint a handoff document (Markdown, or a verified-delivery record as JSON) against a profile, refuse it while it holds a secret or an injection finding (findings masked; set redact to replace secrets with [REDACTED:<kind>] markers instead), seal it, and write it to the project's store atomically, never overwriting. Returns the path, id, digest and the findings left; storage_unresolved (with the text) when the store does not outlive the session.",
    inputSchema: {
      type: "object",
      additionalProperties: false,
      required: ["content", "profile"],
      properties: {
        content: { type: "string", minLength: 1, maxLength: 1048576, description: "The whole document." },
        profile: { enum: [...WRITE_PROFILES], description: "The handoff format; it picks the store and the file name." },
        slug: { type: "string", pattern: "^[a-z0-9][a-z0-9-]{0,63}$", description: "Short kebab-case name for the file name (default handoff)." },
        redact: { type: "boolean", default: false, description: "Replace the secrets findings point at with markers instead of refusing." },
      },
    },
    outputSchema: {
      type: "object",
      required: ["status", "path", "id", "digest", "findings", "redacted", "reason", "text"],
      properties: {
        status: { enum: ["saved", "refused", "storage_unresolved"] },
        path: nullableString,
        id: nullableString,
        digest: nullableString,
        findings,
        redacted: { type: "integer", minimum: 0 },
        reason: nullableString,
        text: nullableString,
      },
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  },
  {
    name: "handoff_resume",
    title: "Resume a handoff",
    description:
      "Validate the newest open handoff (or the one named) with resume's checks in resume's order and return the verdict and every warning first, then its content between user-tier markers. The status moves to resumed only with mark_resumed (and never with dry_run).",
    inputSchema: {
      type: "object",
      additionalProperties: false,
      properties: {
        id: { ...relativeName, description: "Handoff id or file name in a store (default: the newest open handoff)." },
        dry_run: { type: "boolean", default: false, description: "Check and return, change nothing." },
        mark_resumed: { type: "boolean", default: false, description: "Move the handoff's status to resumed when the verdict is resumed." },
        strict: { type: "boolean", default: false, description: "Also refuse on integrity, drift and expiry warnings." },
        git: { type: "boolean", default: true, description: "Compare the recorded git state with the repository (read-only)." },
      },
    },
    outputSchema: {
      type: "object",
      required: ["verdict", "warnings", "userTier"],
      properties: {
        verdict: { enum: ["resumed", "refused", "unusable", "none"] },
        warnings: { type: "array", items: { type: "string" }, description: "Refusals, warnings and notices, one line each, before any content." },
        path: nullableString,
        profile: { type: "string" },
        userTier: { type: "string", description: "The content between the user-tier markers (empty unless resumed)." },
        statusChange: { type: ["object", "null"] },
      },
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  },
  {
    name: "handoff_lint",
    title: "Lint a handoff",
    description: "Lint one handoff file under the project directory, or the given content as if it were that file. Findings are masked.",
    inputSchema: {
      type: "object",
      additionalProperties: false,
      required: ["path"],
      properties: {
        path: { ...relativeName, description: "File under the project directory (or the name content is linted as)." },
        content: { type: "string", maxLength: 1048576, description: "Lint this text instead of the file's." },
        profile: { type: "string", minLength: 1, description: "Check against this profile instead of detecting it." },
      },
    },
    outputSchema: {
      type: "object",
      required: ["path", "profile", "errors", "warnings", "findings"],
      properties: { path: { type: "string" }, profile: { type: "string" }, errors: { type: "integer" }, warnings: { type: "integer" }, findings },
    },
    annotations: readOnly,
  },
  {
    name: "handoff_list",
    title: "List handoffs",
    description: "The handoffs in every store of the project, newest first, with status and health (integrity, expiry, findings).",
    inputSchema: {
      type: "object",
      additionalProperties: false,
      properties: {
        status: { type: "array", items: { enum: [...STATUSES] }, description: "Only these statuses." },
        all: { type: "boolean", default: false, description: "Include archived handoffs." },
      },
    },
    outputSchema: { type: "object", required: ["stores", "handoffs"], properties: { stores: { type: "array" }, handoffs: { type: "array" } } },
    annotations: readOnly,
  },
  {
    name: "handoff_verify",
    title: "Verify a handoff",
    description: "Check a handoff's integrity digest and, with git, the drift between the git state it records and the repository (read-only).",
    inputSchema: {
      type: "object",
      additionalProperties: false,
      required: ["path"],
      properties: {
        path: { ...relativeName, description: "File under the project directory." },
        git: { type: "boolean", default: false, description: "Also compare the recorded git_ref / head_sha with the repository." },
      },
    },
    outputSchema: {
      type: "object",
      required: ["path", "integrity", "holds", "lines"],
      properties: {
        path: { type: "string" },
        integrity: { enum: ["ok", "not-applicable", "line-endings", "mismatch", "unsealed", "malformed", "unusable"] },
        holds: { type: "boolean", description: "Integrity holds (and, with git, no drift)." },
        lines: { type: "array", items: { type: "string" } },
      },
    },
    annotations: readOnly,
  },
  {
    name: "handoff_status",
    title: "Change a handoff's status",
    description:
      "Move a handoff's status along the allowed transitions (open, in-progress, blocked, handed-off, resumed, completed, archived); only the status and updated lines change.",
    inputSchema: {
      type: "object",
      additionalProperties: false,
      required: ["id", "to"],
      properties: { id: { ...relativeName, description: "Handoff id or file name in a store." }, to: { enum: [...STATUSES] } },
    },
    outputSchema: { type: "object", required: ["changed", "message"], properties: { changed: { type: "boolean" }, message: { type: "string" } } },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
];
