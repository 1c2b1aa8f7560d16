/** `lint --fix` twice (./fix-twice.cases.ts) on the whole of `corpus/`, the public corpus and the reviewed real handoffs. */
import { existsSync } from "node:fs";
import path from "node:path";
import { publicCorpusDir, repoRoot } from "../helpers/locations.js";
import { fixTwiceCases } from "./fix-twice.cases.js";

const real = [path.resolve(repoRoot, "../shared/real-handoffs/sets"), "/work/shared/real-handoffs/sets"].find((dir) => existsSync(dir));
if (!publicCorpusDir || !real) console.warn("shared corpora not found (../shared/corpus-public, ../shared/real-handoffs): fixing corpus/ alone");
fixTwiceCases(
  "corpus/, the public corpus and the real handoffs",
  { corpus: path.join(repoRoot, "corpus"), public: publicCorpusDir && path.join(publicCorpusDir, "docs"), real },
  100,
);
