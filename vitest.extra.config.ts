import { defineConfig } from "vitest/config";
import { shared, tierProjects } from "./vitest.shared.js";

/**
 * The extra tier (`npm run test:extra`): the `*.extra.test.ts` files only — full-size fuzzing,
 * crash safety at every kill point, hostile 1 MB inputs, ReDoS proofs, linear growth (1 MB against
 * 100 KB), and the runs over the shared real-document corpora and peer suites.
 */
export default defineConfig({ test: { ...shared, projects: tierProjects("extra") } });
