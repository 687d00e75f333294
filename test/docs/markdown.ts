// The little of Markdown the docs checks read: headings and their anchors as GitHub makes them,
// links and images, inline code spans, fenced blocks, and the `<!-- printed: name -->` marks.
// Code (fenced or indented blocks, and code spans for links) is not prose: a link or a path
// written inside it is an example, not a claim.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = resolve(fileURLToPath(import.meta.url), "../../..");

export interface MarkdownFile {
  /** Relative to the repository, with `/`: `docs/operations.md`. */
  path: string;
  text: string;
}

/** README.md and every page of docs/: what the docs checks hold to account. */
export function documentationFiles(root = REPO_ROOT): MarkdownFile[] {
  const pages = readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => `docs/${name}`);
  return ["README.md", ...pages].map((path) => ({
    path,
    text: readFileSync(join(root, path), "utf8"),
  }));
}

export interface FencedBlock {
  /** The line of the opening fence, 1-based. */
  line: number;
  content: string;
}

/**
 * The text with fenced and indented code blocks blanked to spaces (so every index and line number
 * still points where it did), and the fenced blocks.
 */
export function splitCode(text: string): { prose: string; blocks: FencedBlock[] } {
  const lines = text.split("\n");
  const blocks: FencedBlock[] = [];
  let fence: { marker: string; line: number; indent: number; content: string[] } | undefined;
  let previousBlank = true;
  const prose = lines.map((line, index) => {
    if (fence) {
      if (line.trim().startsWith(fence.marker) && line.trim().replace(/`+|~+/, "") === "") {
        blocks.push({ line: fence.line, content: fence.content.join("\n") });
        fence = undefined;
      } else {
        fence.content.push(
          line.slice(Math.min(fence.indent, line.length - line.trimStart().length)),
        );
      }
      return blank(line);
    }
    const opening = /^(\s*)(`{3,}|~{3,})/.exec(line);
    if (opening) {
      fence = {
        marker: opening[2] ?? "```",
        line: index + 1,
        indent: opening[1]?.length ?? 0,
        content: [],
      };
      return blank(line);
    }
    // An indented code block: four spaces after a blank line, outside a list item.
    const indented = /^ {4}/.test(line) && previousBlank && !/^\s*([-*+]|\d+\.)\s/.test(line);
    previousBlank = line.trim() === "" || (indented && previousBlank);
    return indented ? blank(line) : line;
  });
  return { prose: prose.join("\n"), blocks };
}

export interface CodeSpan {
  code: string;
  /** Where it starts and ends in the prose text (its backticks included). */
  index: number;
  end: number;
  line: number;
}

/** Inline code spans, a line break inside one read as a space (as CommonMark does). */
export function codeSpans(prose: string): CodeSpan[] {
  const spans: CodeSpan[] = [];
  for (const match of prose.matchAll(/(?<!`)(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g)) {
    const raw = match[2] ?? "";
    if (raw.includes("\n\n")) continue;
    const code = raw.replace(/\n\s*/g, " ");
    const trimmed = /^ .* $/.test(code) && code.trim() !== "" ? code.slice(1, -1) : code;
    const end = match.index + match[0].length;
    spans.push({ code: trimmed, index: match.index, end, line: lineOf(prose, match.index) });
  }
  return spans;
}

export interface Link {
  target: string;
  line: number;
}

/** Links and images outside code: `[text](target)` and `![alt](target)`. */
export function links(prose: string): Link[] {
  const withoutSpans = prose.replace(/(`+)[\s\S]*?\1/g, (span) => span.replace(/[^\n]/g, " "));
  return [...withoutSpans.matchAll(/!?\[[^\]]*\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/g)].map(
    (match) => ({ target: match[1] ?? "", line: lineOf(withoutSpans, match.index) }),
  );
}

/** The anchors GitHub gives the headings of a page, duplicates numbered as it numbers them. */
export function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of splitCode(text).prose.split("\n")) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = githubSlug(heading[1] ?? "");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** GitHub's heading anchor: the text of the heading, lower case, punctuation dropped, spaces as `-`. */
export function githubSlug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]*>/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "")
    .replace(/ /g, "-");
}

export interface PrintedMark {
  name: string;
  line: number;
  /** The code span or fenced block right after the mark. */
  quote: string | undefined;
}

/**
 * Every `<!-- printed: name -->` and the quote it marks: the fenced block that starts on the
 * next line, or else the code span that follows it on its own line.
 */
export function printedMarks(text: string): PrintedMark[] {
  const { prose, blocks } = splitCode(text);
  const spans = codeSpans(prose);
  const marks: PrintedMark[] = [];
  for (const match of prose.matchAll(/<!-- printed: ([a-z0-9-]+) -->/g)) {
    // A mark written inside a code span is a mark shown, not one made.
    if (spans.some((span) => span.index < match.index && match.index < span.end)) continue;
    const line = lineOf(text, match.index);
    const block = blocks.find((candidate) => candidate.line === line + 1);
    const after = match.index + match[0].length;
    const span = spans.find((candidate) => candidate.index === after);
    marks.push({ name: match[1] ?? "", line, quote: block?.content ?? span?.code });
  }
  return marks;
}

function blank(line: string): string {
  return " ".repeat(line.length);
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split("\n").length;
}
