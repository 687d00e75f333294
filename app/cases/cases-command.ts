// `chatwarden cases export [--since DATE] [--until DATE] [--format csv|jsonl]`: every case of a
// time range on stdout, for a spreadsheet or a script, streamed from the store (SQLite in
// DATA_DIR, or PostgreSQL with DATABASE_URL) while the bot keeps running. Only the command line
// is read here; the store and the CSV writer load when the export runs. What `--help` prints is
// the catalogue's `terminal.usage.cases`.
import { parseArgs } from "node:util";
import { CommandLineFailure, EXIT_USAGE } from "../../adapters/console/failure.js";
import { didYouMean } from "../../src/catalogue/near-miss.js";
import type { Config } from "../../src/config.js";
import { presentation } from "../../src/i18n/presentation.js";
import { t } from "../../src/i18n/translate.js";
import { describeParseFailure } from "../parse-failure.js";
import { EXPORT_FORMATS, type ExportFormat } from "./export-format.js";
import { type ExportRange, ExportRangeError, parseExportRange } from "./export-range.js";

const help = () => t("terminal.cases.help");

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
    throw new CommandLineFailure(describeParseFailure(error, "cases export", help()), EXIT_USAGE);
  }
  const [subcommand, ...extra] = parsed.positionals;
  if (subcommand === undefined) {
    throw new CommandLineFailure(t("terminal.cases.noSubcommand", { help: help() }), EXIT_USAGE);
  }
  if (subcommand !== "export") {
    const offer = didYouMean(subcommand, ["export"]);
    const values = { subcommand, offer, help: help() };
    throw new CommandLineFailure(t("terminal.cases.unknownSubcommand", values), EXIT_USAGE);
  }
  if (extra.length > 0) {
    const values = { argument: extra[0] ?? "", help: help() };
    throw new CommandLineFailure(t("terminal.cases.extraArgument", values), EXIT_USAGE);
  }
  const { since, until, format = "csv" } = parsed.values;
  if (!isExportFormat(format)) {
    // "csv or jsonl", "csv 또는 jsonl": the language's own "or".
    const { locale } = presentation();
    const formats = new Intl.ListFormat(locale, { type: "disjunction" }).format(EXPORT_FORMATS);
    const values = { format, formats, help: help() };
    throw new CommandLineFailure(t("terminal.cases.unknownFormat", values), EXIT_USAGE);
  }
  try {
    return { range: parseExportRange({ since, until }), format };
  } catch (error) {
    if (error instanceof ExportRangeError) {
      throw new CommandLineFailure(`${error.message}; ${help()}`, EXIT_USAGE);
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
