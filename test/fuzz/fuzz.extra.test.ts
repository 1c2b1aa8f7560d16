/**
 * The fuzz properties of ./pipeline.test.ts, ./properties.test.ts and the marker look-alikes of
 * ../security/marker-confusables.test.ts at ten times the fast tier's
 * runs, with a fixed seed (so CI is repeatable): `HANDOFFKIT_FUZZ_RUNS` and `HANDOFFKIT_FUZZ_SEED`
 * override both (`npm run fuzz` draws a new seed every time).
 */
process.env.HANDOFFKIT_FUZZ_RUNS ??= "600";
process.env.HANDOFFKIT_FUZZ_SEED ??= "20260301";
await import("./pipeline.test.js");
await import("./properties.test.js");
await import("../security/marker-confusables.test.js");
