/** Same output whatever the schedule (./same-output.cases.ts), on two folders of `corpus/`. */
import path from "node:path";
import { repoRoot } from "../helpers/locations.js";
import { sameOutputCases } from "./same-output.cases.js";

sameOutputCases([
  { label: "corpus/ (hatch3r, trust)", inputs: ["hatch3r", "trust"].map((d) => path.join(repoRoot, "corpus", d)), files: 13, reportPaths: true },
]);
