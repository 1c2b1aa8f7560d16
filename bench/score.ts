/**
 * `npm run score [-- --misses] [--flags]`
 *
 * Prints, per category, the recall of the injection rules and of `no-secrets` on our labelled
 * sets (`test/labelled/`) and their false positives on the written negatives and on the real
 * public corpus (`../shared/corpus-public`, when present), as Markdown tables. `--misses` lists
 * every positive that was not found; `--flags` every negative that was flagged (secret findings
 * are listed masked).
 */
import { categoryRows, markdownTable, scoreAll, type CaseResult } from "../test/labelled/score.js";

const scores = scoreAll();
const print = (title: string, results: CaseResult[], label: string): void => {
  console.log(`\n### ${title}\n\n${markdownTable(categoryRows(results), label)}`);
};

print("Injection: positives found", scores.injectionPositives, "found");
print("Injection: negatives flagged", [...scores.injectionNegatives, ...scores.injectionReal], "flagged");
print("Secrets: positives found", scores.secretPositives, "found");
print("Secrets: negatives flagged", [...scores.secretNegatives, ...scores.secretReal], "flagged");
if (scores.injectionReal.length === 0) console.log("\n(corpus-public not found: the real paragraphs and lines were not scored)");

if (process.argv.includes("--misses")) {
  console.log("\n### Missed positives\n");
  for (const r of [...scores.injectionPositives, ...scores.secretPositives].filter((c) => !c.hit)) console.log(`- ${r.id}`);
}
if (process.argv.includes("--flags")) {
  console.log("\n### Flagged negatives\n");
  for (const r of [...scores.injectionNegatives, ...scores.injectionReal, ...scores.secretNegatives, ...scores.secretReal].filter((c) => c.hit)) {
    console.log(`- ${r.id}: ${r.findings.join(" | ")}`);
  }
}
