/**
 * sno-record: the sno formats' own structure (public repo sno-ai/sno-station-skills;
 * public repo sno-ai/sno-station-skills): a progress record's machine block is closed and well-formed (its
 * fields as `handoff checkpoint` writes them, uncommitted paths sorted bytewise, at most five recent
 * commits), and a cutover brief ends with its `<!-- AGENT_CUTOVER_EOF -->` line.
 */
import type { Rule } from "../src/3-check/engine/rule.js";
import { markerLineOffset, SNO_CUTOVER_EOF, SNO_RECORD_END, SNO_RECORD_START } from "../src/2-parse/profiles/builtin.js";
import { locateRecordBlock, parseRecordContent, RecordError } from "../src/2-parse/document/sno-record.js";

export const snoRecord: Rule = {
  meta: {
    id: "sno-record",
    code: "HK017",
    description: "An sno progress record's machine block is closed and well-formed; a cutover brief ends with its end marker.",
    defaultSeverity: "error",
    profiles: ["sno"],
    formats: ["markdown"],
    tags: ["sno", "record"],
    messages: {
      unclosed: `The machine block opened here has no '${SNO_RECORD_END}' line`,
      malformed: "Malformed machine record: {{problem}}",
      unsorted: "Uncommitted paths are not sorted bytewise ('{{path}}' comes before '{{previous}}')",
      tooManyRecent: "{{count}} recent commits; the record keeps at most 5",
      afterEof: `Text after the '${SNO_CUTOVER_EOF}' line: the receiver treats everything up to that line as the brief`,
    },
  },
  check(document, context) {
    const text = document.text;
    const start = markerLineOffset(text, SNO_RECORD_START);
    if (start !== -1) {
      const block = locateRecordBlock(text);
      if (!block) {
        context.report({ messageId: "unclosed", offset: start, endOffset: start + SNO_RECORD_START.length });
      } else {
        try {
          const record = parseRecordContent(text.slice(block.contentStart, block.contentEnd));
          if (record.recent.length > 5) {
            context.report({ messageId: "tooManyRecent", data: { count: record.recent.length }, offset: block.start, endOffset: block.contentStart });
          }
          for (let i = 1; i < record.uncommitted.length; i++) {
            const previous = (record.uncommitted[i - 1] as { path: string }).path;
            const current = (record.uncommitted[i] as { path: string }).path;
            if (Buffer.compare(Buffer.from(previous), Buffer.from(current)) > 0) {
              context.report({
                messageId: "unsorted",
                data: { path: current, previous },
                offset: block.start,
                endOffset: block.contentStart,
                severity: "warning",
              });
              break;
            }
          }
        } catch (error) {
          if (!(error instanceof RecordError)) throw error;
          context.report({ messageId: "malformed", data: { problem: error.message }, offset: block.start, endOffset: block.contentStart });
        }
      }
    }
    const eof = markerLineOffset(text, SNO_CUTOVER_EOF);
    if (eof !== -1 && text.slice(eof + SNO_CUTOVER_EOF.length).trim() !== "") {
      context.report({ messageId: "afterEof", offset: eof, endOffset: eof + SNO_CUTOVER_EOF.length });
    }
  },
};
