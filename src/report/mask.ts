/**
 * Secret masking: the one place every reporter passes text through before printing it. A value a
 * rule marked as secret (`Diagnostic.secrets`) is never printed; it is shown as its first four
 * characters, an ellipsis and its length: `ghp_…(40 chars)`.
 */
import type { Diagnostic, FileResult } from "../engine/diagnostic.js";

/** `abcd…(40 chars)` for a secret value: at most 4 characters of it are ever shown. */
export function maskSecret(value: string): string {
  const visible = Array.from(value).slice(0, Math.min(4, Math.floor(value.length / 3)));
  return `${visible.join("")}…(${value.length} chars)`;
}

/** Replaces every occurrence of each secret in `text` with its mask. Longest secrets first. */
export function maskText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (secret.length === 0) continue;
    out = out.split(secret).join(maskSecret(secret));
  }
  return out;
}

/** A copy of `diagnostic` whose message cannot reveal its secrets. */
export function maskDiagnostic(diagnostic: Diagnostic): Diagnostic {
  if (!diagnostic.secrets || diagnostic.secrets.length === 0) return diagnostic;
  const { secrets, ...rest } = diagnostic;
  return { ...rest, message: maskText(diagnostic.message, secrets) };
}

/**
 * Masks every diagnostic of every result. Secrets found anywhere in a file are masked in every
 * message of that file, not only the finding that named them (a markdownlint message may quote
 * the same line).
 */
export function maskResults(results: readonly FileResult[]): FileResult[] {
  return results.map((result) => {
    const secrets = result.diagnostics.flatMap((d) => d.secrets ?? []);
    if (secrets.length === 0) return result;
    return {
      ...result,
      diagnostics: result.diagnostics.map((d) => {
        const { secrets: _own, ...rest } = d;
        return { ...rest, message: maskText(d.message, secrets) };
      }),
    };
  });
}
