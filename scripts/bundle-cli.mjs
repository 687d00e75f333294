// `npm run build`, between scripts/list-commands.mjs and scripts/slack-manifest.mjs: the
// `chatwarden` binary as one ES module (dist/cli.js) plus the chunks its commands load on
// demand (dist/chunks/). A one-shot command then reads a handful of files
// instead of a few hundred (zod alone is 95), which is most of its start-up time. Libraries that
// need their own files at run time (native better-sqlite3, pino's workers), the platform
// libraries (discord.js and bolt, loaded only when serve starts their adapter), prom-client and
// undici, and the chart's Chart.js and native canvas, stay in node_modules. Type checking is `npm run typecheck`, not the build's job.
import { readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { parse } from "@formatjs/icu-messageformat-parser";
import { build } from "esbuild";

/**
 * zod's `z.locales` re-exports its error messages in 64 languages: 340 KB of source, nearly half
 * of the zod that every command parses at start. chatwarden speaks English, which zod's classic
 * API imports by itself (classic/schemas.js); `z.locales` keeps only `en`.
 * test/cli/lazy-imports.test.ts checks that no other language is bundled.
 */
const englishZodMessages = {
  name: "english-zod-messages",
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({
      contents: 'export { default as en } from "./en.js";\n',
      loader: "js",
    }));
  },
};

/**
 * The message catalogues compiled at build time. FormatJS parses an ICU text the first time it is
 * formatted, and its parser (with the skeleton parser and their generated tables) is most of the
 * ~11 ms its load costs every command. So the bundle carries each catalogue's texts already
 * parsed (a text without placeholders stays a string: it is shown as it is), and FormatJS without
 * its parser: the `no-parser` entry its documentation offers for precompiled messages
 * (https://formatjs.github.io/docs/guides/advanced-usage#pre-compiling-messages). Tests and tsx
 * run the catalogues as written. test/cli/lazy-imports.test.ts checks the parser stays out.
 */
const require = createRequire(import.meta.url);
const CATALOGUE = /[\\/]src[\\/]i18n[\\/]messages[\\/](en|ko)[\\/]index\.ts$/;
const compiledMessages = {
  name: "compiled-messages",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^@formatjs\/icu-messageformat-parser$/ }, () => ({
      path: require.resolve("@formatjs/icu-messageformat-parser/lib/no-parser.js"),
    }));
    pluginBuild.onLoad({ filter: CATALOGUE }, async (args) => {
      const bundled = await build({
        entryPoints: [args.path],
        bundle: true,
        format: "esm",
        platform: "node",
        write: false,
        logLevel: "warning",
      });
      const source = bundled.outputFiles[0].text;
      const module = await import(
        `data:text/javascript;base64,${Buffer.from(source).toString("base64")}`
      );
      const [name, texts] = Object.entries(module)[0];
      const compiled = Object.fromEntries(
        Object.entries(texts).map(([key, text]) => [key, /[{}']/.test(text) ? parse(text) : text]),
      );
      return {
        contents: `export const ${name} = JSON.parse(${JSON.stringify(JSON.stringify(compiled))});\n`,
        loader: "js",
      };
    });
  },
};

/**
 * Adapters import the core only from its public entry (src/index.ts, held by
 * test/architecture/layers.test.ts). esbuild splits code by file: everything that entry re-exports
 * would sit in the one chunk every command loads, so a one-shot `bans` would load pino and the
 * feed for the console's sake (its own evaluation keeps them: esbuild does not drop a barrel's
 * unused re-exports across chunks). So, for the bundle only, each adapter's import of the entry
 * is read as imports of the modules that entry names: what the adapter loads is what it uses.
 */
const ENTRY_IMPORT = /import\s*\{([^}]*)\}\s*from\s*"((?:\.\.\/)+src\/)index\.js";/g;
const coreEntry = {
  name: "core-public-entry",
  setup(pluginBuild) {
    const moduleOf = new Map();
    const entry = readFileSync("src/index.ts", "utf8");
    for (const [, names, module] of entry.matchAll(
      /export\s*(?:type\s*)?\{([^}]*)\}\s*from\s*"\.\/([^"]+)";/g,
    )) {
      for (const item of names.split(",")) {
        const name = item.replace(/^\s*type\s+/, "").trim();
        if (name) moduleOf.set(name, module);
      }
    }
    pluginBuild.onLoad({ filter: /[\\/]adapters[\\/].*\.ts$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      const contents = source.replace(ENTRY_IMPORT, (_whole, names, prefix) => {
        const byModule = new Map();
        for (const item of names
          .split(",")
          .map((part) => part.trim())
          .filter(Boolean)) {
          const name = item.replace(/^type\s+/, "").split(/\s+as\s+/)[0];
          const module = moduleOf.get(name);
          if (!module) throw new Error(`${args.path}: src/index.ts exports no ${name}`);
          byModule.set(module, [...(byModule.get(module) ?? []), item]);
        }
        return [...byModule]
          .map(([module, items]) => `import { ${items.join(", ")} } from "${prefix}${module}";`)
          .join("\n");
      });
      return { contents, loader: "ts" };
    });
  },
};

const OUT = "dist";
rmSync("dist", { recursive: true, force: true });
await build({
  entryPoints: ["app/cli.ts"],
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  sourcemap: true,
  chunkNames: "chunks/[name]-[hash]",
  // The chart's libraries (src/view/chart) load only when a chart is drawn; the canvas is native.
  external: [
    "better-sqlite3",
    "discord.js",
    "@slack/*",
    "prom-client",
    "pino",
    "undici",
    "chart.js",
    "@napi-rs/canvas",
  ],
  // Bundled CommonJS (node-cron) calls require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as __chatwardenRequire } from 'node:module'; const require = __chatwardenRequire(import.meta.url);",
  },
  plugins: [englishZodMessages, coreEntry, compiledMessages],
  logLevel: "warning",
});
