/**
 * Shannon entropy of a candidate secret, the gate gitleaks and detect-secrets put in front of
 * generic detectors: random credentials score high, words and identifiers score low.
 */

/**
 * Shannon entropy of `value` in bits per character, over its UTF-16 code units:
 * `-Σ p(c)·log2 p(c)`. 0 for the empty string and for a single repeated character; at most
 * `log2(value.length)` (every character distinct). A random 40-character base64 string scores
 * about 4.8–5.2, a random hex string at most 4, an English word 2.5–3.5.
 * @see https://en.wikipedia.org/wiki/Entropy_(information_theory)
 */
export function shannonEntropy(value: string): number {
  const length = value.length;
  if (length === 0) return 0;
  const counts = new Map<number, number>();
  for (let i = 0; i < length; i++) {
    const code = value.charCodeAt(i);
    counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / length;
    bits -= p * Math.log2(p);
  }
  return bits;
}
