/** Same output whatever the schedule (./same-output.cases.ts), on one folder of `corpus/`, in this process. */
import path from "node:path";
import { repoRoot } from "../helpers/locations.js";
import { sameOutputCases } from "./same-output.cases.js";

sameOutputCases([{ label: "corpus/trust", inputs: [path.join(repoRoot, "corpus/trust")], files: 5, reportPaths: true, runner: "in-process" }]);
