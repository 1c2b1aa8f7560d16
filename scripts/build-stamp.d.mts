/** Types of scripts/build-stamp.mjs. */

/** The stamp of the build's inputs as they are now: hex SHA-256 (scripts/build-stamp.mjs). */
export declare function currentStamp(): string;
/** Whether dist/ was built from the build's inputs as they are now (dist/.build-stamp matches). */
export declare function builtFromCurrentInputs(): boolean;
