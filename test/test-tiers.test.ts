// The test tiers of vitest.config.ts, as vitest itself resolves them: every test file runs in
// exactly one project, so `npm test` (every project) runs each once and drops none; and no file
// of the quick tier starts the built binary, which `npm run test:quick` does not build. A file
// starts the binary when it, or a test helper it imports, names `dist/cli.js` and uses
// node:child_process.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVitest, type TestSpecification, type Vitest } from "vitest/node";

const ROOT = resolve(import.meta.dirname, "..");
/** Where the helpers that tests import live; product code never starts its own binary. */
const HELPER_FOLDERS = ["test", "bench"].map((folder) => join(ROOT, folder));
const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g;
const BINARY_PATH = /dist\/cli\.js/;
const CHILD_PROCESS_IMPORT = /^import [^;]* from "node:child_process";$/m;

let vitest: Vitest;
let specs: TestSpecification[];
beforeAll(async () => {
  // Only resolves the configuration and globs its projects: nothing runs, no server starts.
  vitest = await createVitest("test", { root: ROOT, watch: false, reporters: [] });
  specs = await vitest.globTestSpecifications();
});
afterAll(() => vitest?.close());

/** Paths from the repository's root, sorted. */
function named(files: Iterable<string>): string[] {
  return [...files].map((file) => relative(ROOT, file)).sort();
}

function projectFiles(project: string): string[] {
  return named(specs.filter((spec) => spec.project.name === project).map((spec) => spec.moduleId));
}

/** `file` and the helpers under test/ or bench/ that it imports, and theirs. */
function withHelpers(file: string, seen = new Set<string>()): Set<string> {
  seen.add(file);
  for (const [, specifier = ""] of readFileSync(file, "utf8").matchAll(RELATIVE_IMPORT)) {
    const imported = resolve(dirname(file), specifier).replace(/\.js$/, ".ts");
    const helper = HELPER_FOLDERS.some((folder) => imported.startsWith(`${folder}/`));
    // An import spelled inside a string (the forbidden imports test/architecture adds to its
    // copies) may name no file.
    const exists = imported.endsWith(".ts") && existsSync(imported);
    if (helper && exists && !seen.has(imported)) withHelpers(imported, seen);
  }
  return seen;
}

function startsBinary(file: string): boolean {
  const texts = [...withHelpers(file)].map((module) => readFileSync(module, "utf8"));
  return (
    texts.some((text) => BINARY_PATH.test(text)) &&
    texts.some((text) => CHILD_PROCESS_IMPORT.test(text))
  );
}

describe("the test tiers", () => {
  it("run every test file once: each is in exactly one project", () => {
    const onDisk = readdirSync(join(ROOT, "test"), { recursive: true, encoding: "utf8" })
      .filter((path) => path.endsWith(".test.ts"))
      .map((path) => join(ROOT, "test", path));
    expect(named(specs.map((spec) => spec.moduleId))).toEqual(named(onDisk));
    expect(new Set(specs.map((spec) => spec.project.name))).toEqual(
      new Set(["quick", "slow", "replicas"]),
    );
  });

  it("leave every test that starts the built binary out of the quick tier", () => {
    const quick = projectFiles("quick");
    expect(quick.length).toBeGreaterThan(0);
    expect(quick.filter((file) => startsBinary(join(ROOT, file)))).toEqual([]);
  });

  it("recognise the tests that start the binary: the end-to-end ones and the CLI's", () => {
    const slow = projectFiles("slow");
    for (const file of ["test/e2e/serve.test.ts", "test/cli/one-shot.test.ts"]) {
      expect(slow).toContain(file);
      expect(startsBinary(join(ROOT, file)), file).toBe(true);
    }
    // It names the binary only as what a container runs, and starts nothing.
    expect(startsBinary(join(ROOT, "test/deploy/deploy-files.test.ts"))).toBe(false);
  });
});
