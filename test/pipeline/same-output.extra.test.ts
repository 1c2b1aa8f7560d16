/** Same output whatever the schedule (./same-output.cases.ts), on the whole of `corpus/` and the public corpus. */
import path from "node:path";
import { publicCorpusDir, repoRoot } from "../helpers/locations.js";
import { sameOutputCases } from "./same-output.cases.js";

if (publicCorpusDir === undefined)
  console.warn("public corpus not found (../shared/corpus-public or /work/shared/corpus-public): skipping its same-output test");
sameOutputCases([
  { label: "corpus/", inputs: [path.join(repoRoot, "corpus")], files: 112, reportPaths: true, runner: "bin" },
  {
    label: "the public corpus",
    inputs: publicCorpusDir === undefined ? undefined : [path.join(publicCorpusDir, "docs")],
    files: 76,
    reportPaths: false,
    runner: "bin",
  },
]);
