/**
 * ESLint flat config: typescript-eslint's recommended rules, type-aware over `src/` and `rules/`
 * (type information from TypeScript's JavaScript API: the `typescript` package; the build's own
 * tsc is `typescript-go`, TypeScript 7, which has none), eslint-plugin-regexp's recommended rules
 * over every regular expression, and the few rules of our own conventions. Import boundaries are
 * not here: test/architecture/dependencies.test.ts enforces ARCHITECTURE.md (stage order, no cycle,
 * no two-way folder dependency, no front end importing another), which a lint rule could not say
 * as plainly. Formatting is Prettier's (`.prettierrc.json`).
 */
import js from "@eslint/js";
import regexp from "eslint-plugin-regexp";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/", "coverage/", "node_modules/", "corpus/", "test/fixtures/", "templates/", "docs/", "bench/results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  regexp.configs["flat/recommended"],
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: {
        process: "readonly",
        console: "readonly",
        Buffer: "readonly",
        URL: "readonly",
        TextEncoder: "readonly",
        TextDecoder: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        setInterval: "readonly",
        clearInterval: "readonly",
        setImmediate: "readonly",
        structuredClone: "readonly",
        AbortController: "readonly",
        queueMicrotask: "readonly",
        performance: "readonly",
        __filename: "readonly",
        __dirname: "readonly",
        require: "readonly",
        module: "writable",
        fetch: "readonly",
        Intl: "readonly",
      },
    },
    rules: {
      // `_`-prefixed names are deliberately unused (a rest sibling left out, a callback's first argument).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // Non-null assertions are used where a lookup is known to hit (tests, tables built in the same module).
      "@typescript-eslint/no-non-null-assertion": "off",
      "no-control-regex": "off",
      eqeqeq: ["error", "always"],
      "prefer-const": "error",
    },
  },
  {
    files: ["src/**/*.ts", "rules/**/*.ts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/no-misused-promises": "error",
      // A switch with a `default` covers the rest on purpose.
      "@typescript-eslint/switch-exhaustiveness-check": ["error", { considerDefaultExhaustiveForUnions: true }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": "error",
    },
  },
  {
    files: ["test/**/*.ts", "scripts/**/*", "bench/**/*", "*.config.*", "vitest.*"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
