/**
 * esbuild plugins of scripts/bundle.mjs: what a run evaluates is in the bundle (and so in its V8
 * code cache), and what only some runs need is evaluated only by them. Each changes how code is
 * loaded, never what it does; each fails the build when the dependency no longer looks as expected.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Ajv } from "ajv";
import standaloneCode from "ajv/dist/standalone/index.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * fdir's ES build loads its optional picomatch with a `createRequire` esbuild cannot follow (a
 * second copy, read and compiled from node_modules on every run); its CommonJS build `require`s
 * it, so the bundled picomatch serves both.
 */
const fdirCommonJs = {
  name: "fdir-commonjs",
  setup(build) {
    build.onResolve({ filter: /^fdir$/ }, async (args) => {
      if (args.pluginData === "fdir-commonjs") return undefined;
      const resolved = await build.resolve("fdir", { kind: "require-call", resolveDir: args.resolveDir, pluginData: "fdir-commonjs" });
      if (resolved.errors.length > 0 || !resolved.path.endsWith(".cjs"))
        throw new Error(`fdir-commonjs: fdir resolved to ${resolved.path}, not its CommonJS build`);
      return { path: resolved.path };
    });
  },
};

/**
 * gray-matter's js-yaml tries `require('esprima')` (hidden from bundlers) for its `!!js/function`
 * tag. handoffkit gives gray-matter engines of its own and never runs js-yaml, so the bundle does
 * without esprima (js-yaml's fallback when it is not installed) instead of loading 300 KB from
 * node_modules on every run.
 */
const noEsprima = {
  name: "no-esprima",
  setup(build) {
    build.onLoad({ filter: /[\\/]js-yaml[\\/]lib[\\/]js-yaml[\\/]type[\\/]js[\\/]function\.js$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      const hidden = "esprima = _require('esprima');";
      if (!source.includes(hidden)) throw new Error(`no-esprima: ${args.path} no longer loads esprima as expected`);
      return { contents: source.replace(hidden, 'throw new Error("esprima is not bundled");'), loader: "js" };
    });
  },
};

/**
 * markdownlint's MD060 imports string-width, whose top level builds Unicode property regexes with
 * the `v` flag (tens of milliseconds); only a run that measures a table needs them. MD060 gets a
 * function that loads string-width (the copy markdownlint resolves) on its first call.
 */
const lazyStringWidth = {
  name: "lazy-string-width",
  setup(build) {
    build.onResolve({ filter: /^string-width$/ }, (args) => {
      if (args.kind !== "import-statement" || !/[\\/]node_modules[\\/]markdownlint[\\/]lib[\\/]/.test(args.importer)) return undefined;
      return { path: "string-width", namespace: "lazy-string-width", pluginData: args.resolveDir };
    });
    build.onLoad({ filter: /.*/, namespace: "lazy-string-width" }, (args) => ({
      contents:
        'let width;\nmodule.exports = function stringWidth(text, options) {\n  width ??= require("string-width").default;\n  return width(text, options);\n};\n',
      loader: "js",
      resolveDir: args.pluginData,
    }));
  },
};

/**
 * src/3-check/engine/config-validator.ts becomes ajv's standalone code for the config schema, generated
 * with the options and schema src/3-check/engine/config.ts compiles at run time, so a run with a config
 * file validates it without compiling the schema first.
 */
const precompiledConfigValidator = {
  name: "precompiled-config-validator",
  setup(build) {
    build.onLoad({ filter: /[\\/]dist[\\/]src[\\/]3-check[\\/]engine[\\/]config-validator\.js$/ }, async () => {
      const { CONFIG_AJV_OPTIONS, configValidationSchema } = await import(pathToFileURL(path.join(root, "dist/src/3-check/engine/config.js")).href);
      const ajv = new Ajv({ ...CONFIG_AJV_OPTIONS, code: { source: true, esm: true } });
      const code = standaloneCode(ajv, ajv.compile(configValidationSchema()));
      return { contents: `${code}\nexport function precompiledConfigValidator() {\n  return validate;\n}\n`, loader: "js", resolveDir: root };
    });
  },
};

/**
 * src/3-check/injection/confusables.ts reads Unicode's confusables table (96 KB of JSON) with a
 * `createRequire` on first use, which esbuild cannot follow: the bundle would load it from
 * node_modules at run time and fail without them. With the local `require` taken out, the call is
 * the bundler's own: the table is in the bundle and still evaluated only on first use.
 */
const bundledConfusables = {
  name: "bundled-confusables",
  setup(build) {
    build.onLoad({ filter: /[\\/]dist[\\/]src[\\/]3-check[\\/]injection[\\/]confusables\.js$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      const local = "const require = createRequire(import.meta.url);";
      if (!source.includes(local)) throw new Error(`bundled-confusables: ${args.path} no longer makes its require as expected`);
      return { contents: source.replace(local, ""), loader: "js", resolveDir: path.dirname(args.path) };
    });
  },
};

/** The plugins every bundle of the CLI is built with. */
export const bundlePlugins = [fdirCommonJs, noEsprima, lazyStringWidth, precompiledConfigValidator, bundledConfusables];
