// The import rule behind the folders (docs/architecture.md): part of `npm run lint`, so a
// forbidden import fails the build. `node scripts/check-layers.mjs [root]` prints one line per
// forbidden import and exits 1; test/architecture/layers.test.ts runs it on this tree and on a
// copy with one forbidden import added.
//
//   src/         the core: imports only the core, and no chat platform's library
//   adapters/X/  imports its own folder, and the core only through src/index.ts
//   emulator/    the chat/v1 emulator: imports itself and the core (its wire schemas)
//   app/         the composition root: may import any of the above
// None of them imports test/, bench/ or scripts/.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative, sep } from "node:path";

const PLATFORM_LIBRARIES = /^(discord\.js|@discordjs\/|@slack\/)/;
const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']|\bexport\s+\*\s+from\s+["']([^"']+)["']/gm;

/** The layer a repository path belongs to, or undefined for a path outside the four. */
function layerOf(path) {
  const [top, second] = path.split("/");
  if (top === "src") return { name: "core" };
  if (top === "adapters") return { name: "adapter", adapter: second };
  if (top === "emulator") return { name: "emulator" };
  if (top === "app") return { name: "app" };
  if (top === "test" || top === "bench" || top === "scripts") return { name: top };
  return undefined;
}

/** Why `from` may not import `to` (a repository path, or a package name), or undefined. */
function refusal(from, to, isPackage) {
  const importer = layerOf(from);
  if (isPackage) {
    if (importer.name === "core" && PLATFORM_LIBRARIES.test(to)) {
      return "the core knows no chat platform";
    }
    if (importer.name === "emulator" && PLATFORM_LIBRARIES.test(to)) {
      return "the emulator knows no chat platform";
    }
    return undefined;
  }
  const target = layerOf(to);
  if (!target) return undefined;
  if (["test", "bench", "scripts"].includes(target.name)) {
    return `the product never imports ${target.name}/`;
  }
  switch (importer.name) {
    case "core":
      return target.name === "core"
        ? undefined
        : "the core imports no adapter, composition root or emulator";
    case "adapter":
      if (target.name === "adapter") {
        return target.adapter === importer.adapter
          ? undefined
          : "an adapter imports no other adapter";
      }
      if (target.name === "core") {
        return to === "src/index.ts" ? undefined : "adapters reach the core through src/index.ts";
      }
      return "an adapter imports no composition root or emulator";
    case "emulator":
      return target.name === "emulator" || target.name === "core"
        ? undefined
        : "the emulator imports no adapter or composition root";
    default:
      return undefined;
  }
}

function sourceFiles(root, folder) {
  const files = [];
  const walk = (dir) => {
    let entries;
    try {
      entries = readdirSync(join(root, dir), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|mts|mjs|js)$/.test(entry.name)) files.push(path);
    }
  };
  walk(folder);
  return files;
}

/** The TypeScript source a relative specifier names (`./x.js` is `./x.ts` in the tree). */
function sourceOf(from, specifier) {
  const path = normalize(join(dirname(from), specifier))
    .split(sep)
    .join("/");
  return path.replace(/\.js$/, ".ts").replace(/\.mjs$/, ".mts");
}

/** Every forbidden import under `root`, as "file: imports target: why". */
export function layerViolations(root) {
  const violations = [];
  for (const file of ["src", "adapters", "emulator", "app"].flatMap((f) => sourceFiles(root, f))) {
    const text = readFileSync(join(root, file), "utf8");
    for (const match of text.matchAll(SPECIFIER)) {
      const specifier = match[1] ?? match[2];
      const relativePath = specifier.startsWith(".");
      if (!relativePath && specifier.startsWith("node:")) continue;
      const target = relativePath ? sourceOf(file, specifier) : specifier;
      const why = refusal(file, target, !relativePath);
      if (why) violations.push(`${file}: imports ${target}: ${why}`);
    }
  }
  return violations;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.argv[2] ?? process.cwd();
  const violations = layerViolations(root);
  for (const line of violations) console.error(line);
  if (violations.length > 0) {
    console.error(
      `${violations.length} forbidden import(s): see the layers in ${relative(process.cwd(), join(root, "docs/architecture.md"))}`,
    );
    process.exit(1);
  }
}
