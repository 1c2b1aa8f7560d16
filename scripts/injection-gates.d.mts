/** Types of scripts/injection-gates.mjs. */

/** A gate as src/3-check/injection/gates.ts reads it. */
export type GateData = true | string | { all: GateData[] } | { any: GateData[] };

/** The gate of regex `re`: literals every match holds, folded with `fold` (one character in, its fold out). */
export declare function gateOfRegex(re: RegExp, fold: (ch: string) => string): GateData;

/** Every regex the injection scorer runs, from the built lexicon in dist/. */
export declare function scorerRegexes(): Promise<RegExp[]>;
