// `.env`, read by Node's own parser (util.parseEnv: quotes, multi-line values, comments, export),
// plus what it does not do: a line that is not `KEY=value` is named in a warning and left out.
// Passed to Node, such a line does harm in silence: `CHAT_API_TOKEN abc` followed by `PORT=3001`
// becomes one variable named "CHAT_API_TOKEN abc\nPORT", and a line that starts with `=` ends the
// file there. A warning never repeats the line: it may hold a secret that lost its `=`.
import { existsSync, readFileSync } from "node:fs";
import { parseEnv } from "node:util";
import { t } from "./i18n/translate.js";

export interface DotEnv {
  values: Record<string, string>;
  /** One per line left out, naming the file and the line. */
  warnings: string[];
}

const SETTING = /^\s*(?:export\s+)?[\w.-]+\s*=/;
const EXPORT = /^\s*export\s+/;
const QUOTES = ["'", '"', "`"];

export function parseDotEnv(text: string, name = ".env"): DotEnv {
  const lines = text.replace(/^\ufeff/, "").split(/\r?\n/);
  const kept: string[] = [];
  const warnings: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? "";
    const trimmed = line.trim();
    if (trimmed === "" || trimmed.startsWith("#")) continue;
    if (!SETTING.test(line)) {
      warnings.push(t("operator.dotenv.notASetting", { file: name, line: String(index + 1) }));
      continue;
    }
    // Node would read `export  KEY` (two spaces) as the name " KEY".
    kept.push(line.replace(EXPORT, ""));
    const end = closingLine(lines, index);
    kept.push(...lines.slice(index + 1, end + 1));
    index = end;
  }
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(parseEnv(kept.join("\n")))) {
    if (value !== undefined) values[key] = value;
  }
  return { values, warnings };
}

/**
 * The line where the setting on `lines[start]` ends. A quoted value goes on to its closing quote,
 * as Node reads it; a quote that is never closed is a plain character of a one-line value.
 */
function closingLine(lines: readonly string[], start: number): number {
  const line = lines[start] ?? "";
  const value = line.slice(line.indexOf("=") + 1).trimStart();
  const quote = QUOTES.find((mark) => value.startsWith(mark));
  if (quote === undefined || value.includes(quote, 1)) return start;
  for (let index = start + 1; index < lines.length; index++) {
    if (lines[index]?.includes(quote)) return index;
  }
  return start;
}

/** The file's settings and warnings; nothing when there is no such file. */
export function readDotEnv(path: string): DotEnv {
  if (!existsSync(path)) return { values: {}, warnings: [] };
  return parseDotEnv(readFileSync(path, "utf8"), path);
}
