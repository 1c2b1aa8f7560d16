/**
 * A deterministic synthetic corpus of handoff documents for benchmarks: hatch3r-style
 * frontmatter (integrity digests, `branch@sha7` refs, UUIDs), sections of prose, tables of SHAs,
 * fenced commands, links and HTML comments — the hash-heavy text real handoffs carry — with a fake
 * secret from the labelled set planted in every `plantEvery`-th file.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ALPHABETS, positiveCases, randomStrings, seededRandom } from "../test/secrets/labelled.js";

/** What {@link generateCorpus} wrote. */
export interface Corpus {
  files: string[];
  /** Total size in bytes (UTF-8). */
  bytes: number;
  /** Paths of the files holding one planted secret. */
  planted: Set<string>;
}

const WORDS =
  "the parser session handoff token budget review branch commit test suite green red flaky fixture schema profile section decision blocker next step resume verify seal digest integrity drift merge rebase deploy staging production rollback migration index cache worker queue retry timeout latency metric dashboard alert owner reviewer".split(
    " ",
  );

/**
 * Writes `count` documents into `dir` (created), named `handoff-00001.md`…, deterministically for
 * a given `seed`. About 2–5 KB each.
 */
export function generateCorpus(dir: string, count: number, seed = 1, plantEvery = 20): Corpus {
  mkdirSync(dir, { recursive: true });
  const r = randomStrings(seed);
  const { hex } = ALPHABETS;
  const positives = positiveCases();
  const next = seededRandom(seed + 1);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const sentence = (n: number): string => {
    const words: string[] = [];
    for (let i = 0; i < n; i++) words.push(pick(WORDS));
    const text = words.join(" ");
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  };
  const uuid = () => `${r(hex, 8)}-${r(hex, 4)}-4${r(hex, 3)}-8${r(hex, 3)}-${r(hex, 12)}`;
  const files: string[] = [];
  const planted = new Set<string>();
  let bytes = 0;
  for (let i = 1; i <= count; i++) {
    const name = path.join(dir, `handoff-${String(i).padStart(5, "0")}.md`);
    const rows = Array.from({ length: 4 + (i % 5) }, () => `| ${r(hex, 7)} | ${sentence(5)} | ${r(hex, 40)} |`);
    const paragraphs = Array.from({ length: 3 + (i % 4) }, () => `${sentence(12)} ${sentence(9)} ${sentence(14)}`);
    let text = `---
type: handoff
status: handed-off
source_agent: agent-${i % 7}
git_ref: main@${r(hex, 7)}
session_id: ${uuid()}
confidence: 0.${i % 10}
integrity: sha256:${r(hex, 64)}
---

# Handoff ${i}

## Problem

${paragraphs.join("\n\n")}

## Decisions

- ${sentence(10)} (commit ${r(hex, 12)})
- ${sentence(8)} See [run ${uuid()}](https://ci.example.org/runs/${uuid()}).

## Build & Test Status

| commit | note | tree |
| --- | --- | --- |
${rows.join("\n")}

## Next Steps

1. ${sentence(11)}
2. Run the suite:

\`\`\`sh
npm ci && npm test -- --reporter=dot
git log --oneline ${r(hex, 7)}..${r(hex, 7)}
docker pull ghcr.io/example/app@sha256:${r(hex, 64)}
\`\`\`

<!-- resume-marker: ${uuid()} sha512-${r(ALPHABETS.b64, 86)}== -->
`;
    if (i % plantEvery === 0) {
      const positive = positives[(i / plantEvery) % positives.length];
      if (positive && !positive.text.startsWith("---") && !positive.text.startsWith("{")) {
        text += `\n## Notes\n\n${positive.text.replace(/^# Handoff\n\n## Notes\n\n/, "")}`;
        planted.add(name);
      }
    }
    writeFileSync(name, text);
    bytes += Buffer.byteLength(text);
    files.push(name);
  }
  return { files, bytes, planted };
}
