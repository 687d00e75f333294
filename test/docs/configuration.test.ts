// docs/configuration.md's table of variables is the configuration schema's: the same variables in
// the same order (the order start-up names problems in), each with the schema's own default.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { environmentSchema } from "../../src/config.js";
import { REPO_ROOT } from "./markdown.js";

interface Row {
  variable: string;
  defaultText: string;
}

/** The rows of the table under "## Variables": `| VARIABLE | meaning | default |`. */
function documentedRows(): Row[] {
  const page = readFileSync(join(REPO_ROOT, "docs/configuration.md"), "utf8");
  const section = page.slice(page.indexOf("\n## Variables"));
  return section
    .split("\n")
    .filter((line) => /^\| [A-Z][A-Z0-9_]+ \|/.test(line))
    .map((line) => {
      const cells = line.split(" | ").map((cell) => cell.replace(/^\| |\s*\|$/g, "").trim());
      return { variable: cells[0] ?? "", defaultText: (cells[2] ?? "").replaceAll("`", "") };
    });
}

/** How the docs write a default value: `false`, `5000`, `empty` for an empty list. */
function defaultText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value.length === 0 ? "empty" : value.join(",");
  return String(value);
}

const schemaVariables = Object.keys(
  environmentSchema.shape,
) as (keyof typeof environmentSchema.shape)[];

describe("docs/configuration.md", () => {
  it("lists exactly the variables the configuration schema reads, in its order", () => {
    expect(documentedRows().map((row) => row.variable)).toEqual(schemaVariables);
  });

  it.each(schemaVariables)("shows the schema's default of %s", (variable) => {
    const row = documentedRows().find((candidate) => candidate.variable === variable);
    expect(row?.defaultText, variable).not.toBe("");
    const parsed = environmentSchema.shape[variable].safeParse(undefined);
    const expected = parsed.success ? defaultText(parsed.data) : undefined;
    if (expected === undefined) return;
    const cell = row?.defaultText ?? "";
    expect(cell === expected || cell.startsWith(`${expected}:`), `${variable}: "${cell}"`).toBe(
      true,
    );
  });
});
