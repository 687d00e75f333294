// The README and every page of docs/ point only at what exists: relative links and images (files,
// folders, headings' anchors) and the repository paths named in code spans. The same check must
// catch a page that points at nothing, shown on a fixture with one broken reference of each kind.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { documentationFiles, REPO_ROOT } from "./markdown.js";
import { brokenReferences } from "./references.js";

const FIXTURES = join(REPO_ROOT, "test/docs/fixtures");

describe("the docs' links and paths", () => {
  it.each(documentationFiles().map((file) => [file.path, file] as const))(
    "%s points only at what exists",
    (_path, file) => {
      expect(brokenReferences(file, REPO_ROOT)).toEqual([]);
    },
  );

  it("reads every page of docs/ and the README, and links each page from the README", () => {
    const files = documentationFiles();
    const readme = files.find((file) => file.path === "README.md")?.text ?? "";
    const pages = files.filter((file) => file.path.startsWith("docs/")).map((file) => file.path);
    expect(pages.length).toBeGreaterThanOrEqual(11);
    for (const page of pages) expect(readme, page).toContain(`](${page})`);
  });

  it("finds the one broken link, anchor and path of a page that has them", () => {
    const fixture = documentationFiles(FIXTURES).find((file) => file.path === "docs/page.md");
    if (!fixture) throw new Error("the fixture page is missing");
    expect(brokenReferences(fixture, FIXTURES)).toEqual([
      "docs/page.md:7: other.md: no docs/other.md",
      "docs/page.md:8: ../README.md#no-such-heading: no heading #no-such-heading in README.md",
      "docs/page.md:13: no src/missing.ts in the repository",
    ]);
  });
});
