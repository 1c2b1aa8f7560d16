/** `lint --fix` twice (./fix-twice.cases.ts) on two folders of `corpus/`. */
import path from "node:path";
import { repoRoot } from "../helpers/locations.js";
import { fixTwiceCases } from "./fix-twice.cases.js";

fixTwiceCases("corpus/ (hatch3r, trust)", { hatch3r: path.join(repoRoot, "corpus/hatch3r"), trust: path.join(repoRoot, "corpus/trust") }, 4);
