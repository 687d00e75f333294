// `chatwarden demo`, and `chatwarden serve` with no chat API at a terminal: the built-in
// emulator with demo data (reports keep arriving), a core against it, the report feed polling
// it, and the console, which prints each new report card as it arrives.

import { type Config, secretValues } from "../../src/config.js";
import { type Core, createCore } from "../../src/core.js";
import { DEMO_TOKEN } from "../../src/emulator/command.js";
import { type RunningEmulator, startEmulator } from "../../src/emulator/server.js";
import { ReportFeed } from "../../src/feed/feed.js";
import { cardView } from "../../src/feed/report-card.js";
import { createLogger } from "../../src/log.js";
import type { View } from "../../src/moderation/view.js";
import { type ConsoleOutput, runRepl } from "./repl.js";

/** How often the demo emulator adds a report, so the feed has something to show. */
const DEMO_REPORT_EVERY_MS = 20_000;

export function startDemoEmulator(timeZone: string): Promise<RunningEmulator> {
  return startEmulator({
    token: DEMO_TOKEN,
    seed: "demo",
    timeZone,
    reportEveryMs: DEMO_REPORT_EVERY_MS,
  });
}

/**
 * Where the demo API is and how to reach it, after why it runs ("No CHAT_API_BASE_URL set").
 * The token is printed because it is public demo data, not a secret.
 */
export function demoEmulatorBanner(emulator: RunningEmulator, why: string): string {
  return (
    `${why}: running the built-in chat/v1 emulator with demo data at ${emulator.baseUrl}\n` +
    `master token: ${DEMO_TOKEN}   (try: curl -H 'Authorization: Bearer ${DEMO_TOKEN}' ${emulator.baseUrl}/report_list)\n`
  );
}

export async function runDemo(config: Readonly<Config>, output: ConsoleOutput): Promise<void> {
  const emulator = await startDemoEmulator(config.chatTimeZone);
  const logger = createLogger(config.logLevel);
  const core = createCore({
    config,
    api: { baseUrl: emulator.baseUrl, token: DEMO_TOKEN },
    logger,
    secrets: secretValues(config),
  });
  // No platform here: the feed polls for the console alone and owes nothing to any channel.
  const feed = new ReportFeed({
    core,
    poll: true,
    pollCron: config.reportPollCron,
    backfill: config.reportBackfill,
    groupMinutes: config.reportGroupMinutes,
    logger,
  });
  try {
    output.write(demoEmulatorBanner(emulator, "chatwarden demo"));
    feed.start();
    await runConsole(core, output);
  } finally {
    await feed.stop();
    await core.close();
    await emulator.close();
  }
}

/** The feed's cards as the console announces them: new ones whole, changes as their title. */
export function cardAnnouncements(core: Core): (show: (view: View) => void) => () => void {
  return (show) =>
    core.cardEvents.on((cardId, change) => {
      const card = core.reports.card(cardId);
      if (!card) return;
      const view = cardView(card, core.settings.chatTimeZone);
      const first = card.reports[0]?.report_id;
      if (change === "opened") {
        show({
          ...view,
          title: `New: ${view.title}`,
          // The terminal acts through commands; the buttons are on the `report` command's view.
          actions: undefined,
          notices: [...(view.notices ?? []), `report ${first} shows its actions`],
        });
      } else {
        show({
          outcome: view.outcome,
          title: `Updated: ${view.title}`,
          description: view.description,
          visibility: "private",
        });
      }
    });
}

/**
 * The REPL on this process's terminal until the operator leaves or the process is asked to stop.
 * At a terminal readline turns Ctrl-C into a key; a signal from elsewhere still ends the session.
 */
export async function runConsole(core: Core, output: ConsoleOutput): Promise<void> {
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    await runRepl({
      runner: core.runner,
      input: process.stdin,
      output,
      signal: stop.signal,
      announcements: cardAnnouncements(core),
    });
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}
