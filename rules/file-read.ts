/**
 * file-read: the file could not be read at all (permission, symlink loop, not a regular file,
 * over the size limit). One diagnostic per file; the run goes on.
 */
import { defineLoadProblemRule } from "../src/3-check/engine/load-problem-rule.js";

export const fileRead = defineLoadProblemRule({
  id: "file-read",
  code: "HK001",
  description: "The file could be read: it exists, is a regular file, is not a symlink loop and is under the size limit.",
});
