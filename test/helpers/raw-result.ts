/**
 * The unmasked result of the check stage, as no public function returns it: for tests that show a
 * secret is really in a finding before the engine masks it (so a "never printed" test can fail).
 */
import type { FileResult } from "../../src/3-check/engine/diagnostic.js";
import { checkDocument } from "../../src/3-check/engine/run.js";
import { buildDocument, settingsFor, type LintSession } from "../../src/3-check/lint.js";
import { sourceFromBytes } from "../../src/1-load/read.js";

/** Checks `text` as the file `path` and returns the result before masking. */
export function rawResult(path: string, text: string, session: LintSession): FileResult {
  const source = sourceFromBytes(path, new TextEncoder().encode(text), session.cwd);
  const settings = settingsFor(source.path, session);
  const { document, profile } = buildDocument(source, session, settings);
  return checkDocument(document, profile, settings.prepared, { now: session.now });
}
