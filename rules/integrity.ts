/**
 * integrity: the `integrity` frontmatter value (`sha256:` + 64 lowercase hex) matches the body, and
 * `integrity_frontmatter`, when present, matches the frontmatter's values.
 * hatch3r documents use hatch3r's digest; every other Markdown profile uses handoffkit's canonical
 * form (see `src/3-check/integrity/digest.ts` and `rules/integrity.md`). When only the line endings changed
 * since sealing, the finding says so instead of calling the document tampered.
 */
import { frontmatterNodeOffsets } from "../src/2-parse/document/frontmatter.js";
import type { HandoffDocument } from "../src/2-parse/document/model.js";
import type { Rule, TextEdit } from "../src/3-check/engine/rule.js";
import { replacementEdit } from "../src/3-check/engine/text-edit.js";
import { sealedDocumentText } from "../src/3-check/integrity/seal.js";
import type { Severity, SeveritySetting } from "../src/3-check/engine/diagnostic.js";
import { checkIntegrity, FRONTMATTER_INTEGRITY_KEY, frontmatterDigest, INTEGRITY_PATTERN, integrityBody } from "../src/3-check/integrity/digest.js";
import { schemaDefines, schemaRequires } from "../src/2-parse/profiles/schema-coverage.js";

/** Options of the integrity rule. */
export type IntegrityOptions = {
  /** Severity of a missing `integrity` per profile id; `*` for the others. */
  missing: Record<string, SeveritySetting>;
};

/** First 12 hex digits of a digest, for messages. */
function short(digest: string): string {
  return `${digest.slice(0, "sha256:".length + 12)}…`;
}

/**
 * The fix of a missing or stale seal: the `integrity` line that seals the document as it is now
 * (src/3-check/integrity/seal.ts), as one edit; none when the document cannot be sealed. `lint
 * --fix` applies it only when the seal held before its other fixes, or when asked by name: a
 * broken seal may be the only sign of tampering.
 */
function sealFix(document: HandoffDocument): { fix?: TextEdit } {
  const sealed = sealedDocumentText(document);
  return sealed === undefined ? {} : { fix: replacementEdit(document.text, sealed) };
}

export const integrity: Rule<IntegrityOptions> = {
  meta: {
    id: "integrity",
    code: "HK011",
    description: "The frontmatter's integrity digest matches the body (hatch3r's digest), and integrity_frontmatter the frontmatter's values.",
    defaultSeverity: "error",
    profiles: "all",
    formats: ["markdown"],
    tags: ["integrity", "frontmatter"],
    fixable: "integrity",
    messages: {
      missing: "No 'integrity' value: the body cannot be checked for changes (run 'handoff seal')",
      malformed: "'integrity' {{value}} is malformed: expected sha256: followed by 64 lowercase hex digits",
      mismatch: "Integrity mismatch: the body changed after sealing (recorded {{recorded}}, computed {{computed}})",
      frontmatterMismatch:
        "Integrity mismatch: the frontmatter's values changed after sealing (integrity_frontmatter recorded {{recorded}}, computed {{computed}})",
      frontmatterMalformed: "'integrity_frontmatter' {{value}} is malformed: expected sha256: followed by 64 lowercase hex digits",
      lineEndings:
        "Integrity matches only with the line endings converted back ({{rewrite}}): the line endings were rewritten after sealing (e.g. by git core.autocrlf), the content is unchanged; add '*.md text eol=lf' to .gitattributes",
    },
    optionsSchema: {
      type: "object",
      properties: { missing: { type: "object", additionalProperties: { enum: ["error", "warning", "info", "off"] } } },
      additionalProperties: false,
    },
    defaultOptions: { missing: { hatch3r: "error", "*": "off" } },
  },
  check(document, context) {
    const frontmatter = document.frontmatter;
    const { profile } = context;
    // A broken frontmatter is frontmatter-syntax's finding; nothing here can be trusted.
    if (frontmatter && !frontmatter.data) return;
    const data = frontmatter?.data;
    const value = data?.integrity;
    if (value === undefined || value === null) {
      if (schemaRequires(profile, "integrity")) return; // frontmatter-schema reports it
      const setting = context.options.missing[profile.id] ?? context.options.missing["*"] ?? "off";
      if (setting === "off") return;
      // At the opening fence, or the first character when there is no frontmatter.
      context.report({ messageId: "missing", offset: 0, endOffset: frontmatter ? 3 : 0, severity: setting as Severity, ...sealFix(document) });
      return;
    }
    if (!frontmatter) return;
    const at = frontmatterNodeOffsets(frontmatter, ["integrity"]);
    if (typeof value !== "string" || !INTEGRITY_PATTERN.test(value)) {
      if (!schemaDefines(profile, "integrity")) {
        const shown = JSON.stringify(value) ?? String(value);
        context.report({ messageId: "malformed", data: { value: shown.length > 40 ? `${shown.slice(0, 37)}...` : shown }, ...at });
      }
      return;
    }
    const values = data?.[FRONTMATTER_INTEGRITY_KEY];
    if (data && values !== undefined && values !== null) {
      const valuesAt = frontmatterNodeOffsets(frontmatter, [FRONTMATTER_INTEGRITY_KEY]);
      if (typeof values !== "string" || !INTEGRITY_PATTERN.test(values)) {
        const shown = JSON.stringify(values) ?? String(values);
        context.report({ messageId: "frontmatterMalformed", data: { value: shown.length > 40 ? `${shown.slice(0, 37)}...` : shown }, ...valuesAt });
      } else {
        const computed = frontmatterDigest(data);
        if (computed !== values) {
          context.report({ messageId: "frontmatterMismatch", data: { recorded: short(values), computed: short(computed) }, ...valuesAt, ...sealFix(document) });
        }
      }
    }
    const result = checkIntegrity(value, integrityBody(document.text, document.bodyOffset));
    if (result.status === "match") return;
    if (result.status === "line-endings") {
      const rewrite = result.rewrite === "lf-to-crlf" ? "sealed with LF, now CRLF" : "sealed with CRLF, now LF";
      context.report({ messageId: "lineEndings", data: { rewrite }, severity: "warning", ...at, ...sealFix(document) });
      return;
    }
    context.report({ messageId: "mismatch", data: { recorded: short(value), computed: short(result.computed) }, ...at, ...sealFix(document) });
  },
};
