// `npm run build`, between scripts/list-commands.mjs and scripts/slack-manifest.mjs: the
// `chatwarden` binary as one ES module (dist/src/cli.js) plus the chunks its commands load on
// demand (dist/src/chunks/). A one-shot command then reads a handful of files
// instead of a few hundred (zod alone is 95), which is most of its start-up time. Libraries that
// need their own files at run time (native better-sqlite3, pino's workers), the platform
// libraries (discord.js and bolt, loaded only when serve starts their adapter), prom-client and
// undici stay in node_modules. Type checking is `npm run typecheck`, not the build's job.
import { rmSync } from "node:fs";
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

const OUT = "dist/src";
rmSync("dist", { recursive: true, force: true });
await build({
  entryPoints: ["src/cli.ts"],
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  sourcemap: true,
  chunkNames: "chunks/[name]-[hash]",
  external: ["better-sqlite3", "discord.js", "@slack/*", "prom-client", "pino", "undici"],
  // Bundled CommonJS (node-cron) calls require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as __chatwardenRequire } from 'node:module'; const require = __chatwardenRequire(import.meta.url);",
  },
  plugins: [englishZodMessages],
  logLevel: "warning",
});
