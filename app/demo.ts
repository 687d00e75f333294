// What the console contributes to `chatwarden demo` (and `serve` with no chat API): the demo's
// folder, log file, emulator and banner, and the feed's cards as the console announces them.
// The app itself is composed in app/run-app.ts.
//
// The demo keeps its own data in DATA_DIR/demo: its cases never show in a real deployment's
// history. That folder starts afresh each time, as the emulator's demo data does, and while the
// console is open the log goes to a file there, so no log line lands in the line being typed.
import { mkdirSync, openSync, rmSync } from "node:fs";
import { join } from "node:path";
import { CardNews } from "../adapters/console/card-news.js";
import { type RunningEmulator, startEmulator } from "../emulator/server.js";
import { DEMO_TOKEN } from "../emulator/usage.js";
import type { Core } from "../src/core.js";
import { type Presentation, presentation, presenting } from "../src/i18n/presentation.js";
import { t } from "../src/i18n/translate.js";
import { createLogger, type Logger } from "../src/log.js";
import { DATABASE_FILE } from "../src/store/sqlite/open-sqlite.js";
import { StoreUnavailableError, storeFailureText } from "../src/store/store-failure.js";
import type { View } from "../src/view/view.js";

/** How often the demo emulator adds a report, so the feed has something to show. */
const DEMO_REPORT_EVERY_MS = 20_000;
const DEMO_FOLDER = "demo";
const DEMO_LOG_FILE = "chatwarden.log";

/**
 * DATA_DIR/demo, emptied of the last demo's store and log. The emulator's demo data starts afresh
 * each time, so the cases and the reports seen must too: a stale store would take the new
 * reports for ones already shown, and list cases for bans this emulator never had.
 */
export function freshDemoFolder(dataDir: string): string {
  const folder = join(dataDir, DEMO_FOLDER);
  try {
    mkdirSync(folder, { recursive: true });
    for (const name of [
      DATABASE_FILE,
      `${DATABASE_FILE}-wal`,
      `${DATABASE_FILE}-shm`,
      DEMO_LOG_FILE,
    ]) {
      rmSync(join(folder, name), { force: true });
    }
  } catch (error) {
    throw new StoreUnavailableError(storeFailureText(error, join(folder, DATABASE_FILE)));
  }
  return folder;
}

/** The logger while the console is open: the demo folder's log file, not the terminal. */
export function demoLogger(level: string, folder: string): Logger {
  const file = join(folder, DEMO_LOG_FILE);
  let fd: number;
  try {
    fd = openSync(file, "w");
  } catch (error) {
    throw new StoreUnavailableError(storeFailureText(error, file));
  }
  // Left open: the process ends with the demo, and something may still log while it stops.
  return createLogger({ level, destination: fd, format: "json" });
}

/** Where the demo's data is, for the banner. */
export function demoFolderLine(folder: string, withLog: boolean): string {
  const values = { folder, withLog: withLog ? "yes" : "no", logFile: DEMO_LOG_FILE };
  return `${t("terminal.demo.folder", values)}\n`;
}

export function startDemoEmulator(timeZone: string): Promise<RunningEmulator> {
  return startEmulator({
    token: DEMO_TOKEN,
    seed: "demo",
    timeZone,
    reportEveryMs: DEMO_REPORT_EVERY_MS,
  });
}

/**
 * Where the demo API is and how to reach it, after why it runs (`serving`: "No CHAT_API_BASE_URL
 * set"; `demo`: "chatwarden demo"). The token is printed because it is public demo data, not a
 * secret.
 */
export function demoEmulatorBanner(emulator: RunningEmulator, why: "serving" | "demo"): string {
  const values = { why, baseUrl: emulator.baseUrl, token: DEMO_TOKEN };
  return `${t("terminal.demo.emulator", values)}\n${t("terminal.demo.token", values)}\n`;
}

/**
 * The feed's cards as the console announces them (card-news.ts), in the order of the news, in
 * the console's language (`presented`; default: that of the work subscribing): the news comes
 * from the feed's work, which speaks the team's language.
 */
export function cardAnnouncements(
  core: Core,
  presented?: Presentation,
): (show: (view: View) => void) => () => void {
  return (show) => {
    const news = new CardNews(core);
    const here = presented ?? presentation();
    // Read one after another, so announcements keep the order of the news; a card that cannot
    // be read (the store closing at exit) is not announced.
    let reading = Promise.resolve();
    return core.cardEvents.on((cardId, change) => {
      reading = reading
        .then(async () => {
          const view = await presenting(here, () => news.of(cardId, change));
          if (view) show(view);
        })
        .catch(() => undefined);
    });
  };
}
