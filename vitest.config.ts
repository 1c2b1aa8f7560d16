import { defineConfig } from "vitest/config";
import { shared, tierProjects } from "./vitest.shared.js";

/**
 * The fast tier (`npm test`): every behaviour at small sizes. The long runs — fuzzing at full
 * size, crash safety at every kill point, hostile 1 MB inputs, ReDoS proofs, linear-growth
 * measurements, the shared real-document corpora and the peer suites — are the `*.extra.test.ts`
 * files of `npm run test:extra` (vitest.extra.config.ts).
 */
export default defineConfig({ test: { ...shared, projects: tierProjects("fast") } });
