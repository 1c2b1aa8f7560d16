/**
 * file-encoding: the bytes are not UTF-8 text (invalid UTF-8, a NUL byte, or UTF-16).
 * A leading UTF-8 BOM is tolerated (recorded on the document), not reported.
 */
import { defineLoadProblemRule } from "../src/3-check/engine/load-problem-rule.js";

export const fileEncoding = defineLoadProblemRule({
  id: "file-encoding",
  code: "HK002",
  description: "The file is UTF-8 text: no invalid byte sequence, no NUL byte, not UTF-16.",
});
