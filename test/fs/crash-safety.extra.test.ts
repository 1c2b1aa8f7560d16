/** Crash safety (./crash-safety.cases.ts), killed before and after the temp file is written. */
import { crashSafetyCases } from "./crash-safety.cases.js";

crashSafetyCases(["before-temp", "after-temp"]);
