// Runs `chatwarden cases export`: opens the store, streams the range's cases to stdout, closes
// the store. A SQLite store that does not exist yet is not created: its export is the header
// alone. A store that fails, at the start or midway, ends the run with exit 1 and a line saying
// that what was written (if anything) is incomplete; a reader that stops reading (`| head`) ends
// it quietly, with exit 0.
import { CommandLineFailure, EXIT_FAILURE } from "../../adapters/console/failure.js";
import type { Config } from "../../src/config.js";
import { t } from "../../src/i18n/translate.js";
import { CaseStore } from "../../src/moderation/cases.js";
import { openStoreWhenUsed } from "../../src/store/open-store.js";
import { writeCases } from "./case-export.js";
import type { ExportFormat } from "./export-format.js";
import type { ExportRange } from "./export-range.js";

export async function exportCases(
  config: Readonly<Config>,
  range: ExportRange,
  format: ExportFormat,
  out: NodeJS.WritableStream,
): Promise<void> {
  const store = await openStoreWhenUsed({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl?.reveal(),
  });
  try {
    await writeCases(new CaseStore(store).recordedBetween(range), format, out);
  } catch (error) {
    const message = t("terminal.cases.exportFailed", { problem: store.shownFailure(error) });
    throw new CommandLineFailure(message, EXIT_FAILURE);
  } finally {
    await store.close();
  }
}
