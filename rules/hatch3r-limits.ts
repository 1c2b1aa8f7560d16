/**
 * hatch3r-limits: hatch3r's own limits and field warnings (public repo hatch3r/hatch3r, v2.x;
 * public repo hatch3r/hatch3r, v2.x): body ≤ 51,200 bytes, file ≤ 61,440 bytes, a non-empty body, a
 * `summary` of at most 200 characters, and `target_agent: any` allowed but warned.
 */
import { frontmatterNodeOffsets } from "../src/2-parse/document/frontmatter.js";
import type { Rule } from "../src/3-check/engine/rule.js";

/** hatch3r's limits, in bytes (UTF-8) and characters. */
export const HATCH3R_LIMITS = { bodyBytes: 51_200, fileBytes: 61_440, summaryChars: 200 } as const;

const encoder = new TextEncoder();

export const hatch3rLimits: Rule = {
  meta: {
    id: "hatch3r-limits",
    code: "HK016",
    description: "hatch3r's limits: body ≤ 51,200 bytes, file ≤ 61,440 bytes, non-empty body, summary ≤ 200 characters, a named target agent.",
    defaultSeverity: "error",
    profiles: ["hatch3r"],
    formats: ["markdown"],
    tags: ["hatch3r", "limits"],
    messages: {
      bodyTooLarge: "Body is {{bytes}} bytes, over hatch3r's {{limit}}-byte limit",
      fileTooLarge: "File is {{bytes}} bytes, over hatch3r's {{limit}}-byte limit",
      emptyBody: "The body is empty: hatch3r refuses a handoff with nothing after the frontmatter",
      longSummary: "'summary' is {{chars}} characters; hatch3r warns above {{limit}}",
      anyTarget: "'target_agent: any' is allowed but names no one: say which agent should pick this up",
    },
  },
  check(document, context) {
    const fileBytes = document.bytes.length;
    if (fileBytes > HATCH3R_LIMITS.fileBytes) {
      context.report({ messageId: "fileTooLarge", data: { bytes: fileBytes, limit: HATCH3R_LIMITS.fileBytes }, line: 1, column: 1 });
    }
    const body = document.text.slice(document.bodyOffset);
    const bodyBytes = encoder.encode(body).length;
    const bodyStart = document.bodyOffset;
    if (body.trim() === "") {
      context.report({ messageId: "emptyBody", offset: bodyStart, endOffset: bodyStart });
    } else if (bodyBytes > HATCH3R_LIMITS.bodyBytes) {
      context.report({ messageId: "bodyTooLarge", data: { bytes: bodyBytes, limit: HATCH3R_LIMITS.bodyBytes }, offset: bodyStart, endOffset: bodyStart });
    }
    const frontmatter = document.frontmatter;
    const data = frontmatter?.data;
    if (!frontmatter || !data) return;
    if (typeof data.summary === "string" && Array.from(data.summary).length > HATCH3R_LIMITS.summaryChars) {
      context.report({
        messageId: "longSummary",
        data: { chars: Array.from(data.summary).length, limit: HATCH3R_LIMITS.summaryChars },
        severity: "warning",
        ...frontmatterNodeOffsets(frontmatter, ["summary"]),
      });
    }
    if (data.target_agent === "any") {
      context.report({ messageId: "anyTarget", severity: "warning", ...frontmatterNodeOffsets(frontmatter, ["target_agent"]) });
    }
  },
};
