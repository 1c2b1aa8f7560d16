/** Crash safety (./crash-safety.cases.ts), killed just before and just after the rename. */
import { crashSafetyCases } from "./crash-safety.cases.js";

crashSafetyCases(["before-rename", "after-rename"]);
