// What a page of the docs points at, and whether it is there: every relative link or image (a
// file, a folder, or a heading's anchor in that file), and every repository path named in a code
// span (`src/config.ts`, `test/store/contract/`, `test/e2e/feed*.test.ts`).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, posix } from "node:path";
import { codeSpans, headingAnchors, links, type MarkdownFile, splitCode } from "./markdown.js";

/**
 * Paths the docs name as examples of what a contributor would add, which the repository does not
 * hold: contributing.md's example command.
 */
const EXAMPLE_PATHS: readonly string[] = ["src/commands/ping.ts"];

/** Each reference of `file` that does not resolve, as `line: what`. */
export function brokenReferences(file: MarkdownFile, root: string): string[] {
  const { prose } = splitCode(file.text);
  const problems: string[] = [];
  for (const link of links(prose)) {
    const problem = linkProblem(file.path, link.target, root);
    if (problem) problems.push(`${file.path}:${link.line}: ${problem}`);
  }
  const topLevel = repositoryTopLevel(root);
  for (const span of codeSpans(prose)) {
    const path = repositoryPath(span.code, topLevel);
    if (path && !EXAMPLE_PATHS.includes(path) && !pathExists(root, path)) {
      problems.push(`${file.path}:${span.line}: no ${path} in the repository`);
    }
  }
  return problems;
}

function linkProblem(from: string, target: string, root: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined; // https:, mailto:: not ours to check
  const [pathPart = "", anchor] = target.split("#", 2);
  const path = pathPart === "" ? from : normalize(join(dirname(from), decodeURI(pathPart)));
  if (path.startsWith("..")) return `${target} leaves the repository`;
  const full = join(root, path);
  if (!existsSync(full)) return `${target}: no ${path}`;
  if (anchor === undefined || anchor === "") return undefined;
  if (!path.endsWith(".md")) return `${target}: an anchor into a file that is not Markdown`;
  const anchors = headingAnchors(readFileSync(full, "utf8"));
  return anchors.has(anchor) ? undefined : `${target}: no heading #${anchor} in ${path}`;
}

/**
 * The repository path a code span names, if it names one: no spaces, and its first segment is
 * one of the repository's own top-level entries (so `DATA_DIR/demo` and `data/chatwarden.sqlite`,
 * which live on an operator's disk, are not taken for paths here).
 */
function repositoryPath(code: string, topLevel: ReadonlySet<string>): string | undefined {
  if (!/^[\w.@*~-]+(\/[\w.@*~-]*)*$/.test(code)) return undefined;
  const [first = ""] = code.split("/");
  return topLevel.has(first) ? code.replace(/\/$/, "") : undefined;
}

/** The top-level files and folders the repository holds: what is there, less what git ignores. */
function repositoryTopLevel(root: string): Set<string> {
  const ignored = readFileSync(join(root, ".gitignore"), "utf8")
    .split("\n")
    .map((line) => line.trim().replace(/\/$/, ""))
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map(globPattern);
  return new Set(
    readdirSync(root).filter(
      (name) => name !== ".git" && !ignored.some((pattern) => pattern.test(name)),
    ),
  );
}

/** The path exists; a `*` in its last segment must match at least one entry. */
function pathExists(root: string, path: string): boolean {
  if (!path.includes("*")) return existsSync(join(root, path));
  const folder = posix.dirname(path);
  const full = join(root, folder);
  if (!existsSync(full) || !statSync(full).isDirectory()) return false;
  const pattern = globPattern(posix.basename(path));
  return readdirSync(full).some((name) => pattern.test(name));
}

function globPattern(glob: string): RegExp {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*");
  return new RegExp(`^${escaped}$`);
}
