// `chatwarden cases export [--since DATE] [--until DATE] [--format csv|jsonl]`: every case of a
// time range on stdout, for a spreadsheet or a script, streamed from the store (SQLite in
// DATA_DIR, or PostgreSQL with DATABASE_URL) while the bot keeps running. Only the command line
// is read here; the store and the CSV writer load when the export runs, so that the CLI can
// import CASES_USAGE for `--help` without loading them.
import { parseArgs } from "node:util";
import { CommandLineFailure, EXIT_USAGE } from "../../adapters/console/failure.js";
import { didYouMean } from "../../src/catalogue/near-miss.js";
import type { Config } from "../../src/config.js";
import { describeParseFailure } from "../parse-failure.js";
import { EXPORT_FORMATS, type ExportFormat } from "./export-format.js";
import { type ExportRange, ExportRangeError, parseExportRange } from "./export-range.js";

export const CASES_USAGE = `usage: chatwarden cases export [--since DATE] [--until DATE] [--format csv|jsonl]

  Writes every case recorded in the range to stdout, oldest first: CSV with a header (RFC 4180,
  the default) or one JSON object a line (--format jsonl, as history --json shows a case). It
  streams from the store while the bot keeps running, in the same memory however many cases.

  --since DATE   from this day or moment on (inclusive); without it, from the first case
  --until DATE   up to this moment (exclusive), or to the end of this day; without it, to now
  --format F     csv or jsonl

  DATE is a day, 2026-11-01 (the whole day in UTC, as cases are shown), or a moment with its
  time zone, 2026-11-01T09:30:00Z or 2026-11-01T18:30+09:00. In CSV, a cell that begins with
  = + - @, a tab or a line break is written with a ' before it, so that a spreadsheet shows it
  as text rather than run it as a formula; JSON Lines carry every text as it is.

  Example: chatwarden cases export --since 2026-11-01 --until 2026-11-30 > november.csv
`;

const HELP = '"chatwarden cases --help" explains it';

interface ExportRequest {
  range: ExportRange;
  format: ExportFormat;
}

export async function runCasesCommand(
  args: readonly string[],
  config: Readonly<Config>,
  out: NodeJS.WritableStream,
): Promise<number> {
  const request = readArguments(args);
  const { exportCases } = await import("./export-cases.js");
  await exportCases(config, request.range, request.format, out);
  return 0;
}

function readArguments(args: readonly string[]): ExportRequest {
  let parsed: ReturnType<typeof parseCasesArgs>;
  try {
    parsed = parseCasesArgs(args);
  } catch (error) {
    throw new CommandLineFailure(describeParseFailure(error, "cases export", HELP), EXIT_USAGE);
  }
  const [subcommand, ...extra] = parsed.positionals;
  if (subcommand === undefined) {
    throw new CommandLineFailure(
      `cases needs a subcommand: chatwarden cases export [--since DATE] [--until DATE] [--format csv|jsonl]; ${HELP}`,
      EXIT_USAGE,
    );
  }
  if (subcommand !== "export") {
    const offer = didYouMean(subcommand, ["export"]);
    throw new CommandLineFailure(
      `cases has no subcommand "${subcommand}"${offer}; its one subcommand is export; ${HELP}`,
      EXIT_USAGE,
    );
  }
  if (extra.length > 0) {
    throw new CommandLineFailure(
      `cases export takes no argument "${extra[0]}": give the range with --since and --until; ${HELP}`,
      EXIT_USAGE,
    );
  }
  const { since, until, format = "csv" } = parsed.values;
  if (!isExportFormat(format)) {
    throw new CommandLineFailure(
      `unknown format "${format}": --format takes ${EXPORT_FORMATS.join(" or ")}; ${HELP}`,
      EXIT_USAGE,
    );
  }
  try {
    return { range: parseExportRange({ since, until }), format };
  } catch (error) {
    if (error instanceof ExportRangeError) {
      throw new CommandLineFailure(`${error.message}; ${HELP}`, EXIT_USAGE);
    }
    throw error;
  }
}

function parseCasesArgs(args: readonly string[]) {
  return parseArgs({
    args: [...args],
    options: {
      since: { type: "string" },
      until: { type: "string" },
      format: { type: "string" },
    },
    allowPositionals: true,
    strict: true,
  });
}

function isExportFormat(word: string): word is ExportFormat {
  return (EXPORT_FORMATS as readonly string[]).includes(word);
}
