// The README's two pictures, drawn from the real parts: the demo's emulator (its seed, on a fixed
// clock, so every run draws the same) and a real core polled by the real report feed. The report
// card is the feed's card as the Discord adapter renders it for posting; the console is the real
// REPL, typed into, writing to a screen that interprets what a terminal would.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { PROMPT, runRepl } from "../../adapters/console/repl.js";
import { renderView as renderDiscord } from "../../adapters/discord/render.js";
import { cardAnnouncements } from "../../app/demo.js";
import { startEmulator } from "../../emulator/server.js";
import { DEMO_TOKEN } from "../../emulator/usage.js";
import { createCore } from "../../src/core.js";
import { ReportFeed } from "../../src/feed/feed.js";
import { cardView } from "../../src/feed/report-card.js";
import type { Locale } from "../../src/i18n/locales.js";
import { presenting } from "../../src/i18n/presentation.js";
import { loadLocales } from "../../src/i18n/translate.js";
import { silentLogger } from "../../src/log.js";
import type { Actor } from "../../src/moderation/roles.js";
import { plural } from "../../src/view/plural.js";
import { discordMessageSvg } from "./discord-message-svg.js";
import { TerminalScreen } from "./terminal-screen.js";
import { terminalSvg } from "./terminal-svg.js";

/** The clock of both pictures: the demo data derives from it, so the pictures never change by themselves. */
const NOW = new Date("2026-11-22T16:43:00Z");
/** The newest reports the first poll shows: one card, so the picture stays short. */
const BACKFILL = 1;
const COLUMNS = 110;
/** The console's operator, named as the README's example names them. */
const OPERATOR: Actor = {
  platform: "console",
  id: "operator",
  displayName: "operator",
  role: "admin",
};

export interface DocsImages {
  reportCard: string;
  console: string;
}

/** The language of the pictures: the team's (the card) and the terminal's (the console). */
export interface DocsLanguage {
  locale: Locale;
  /** DISPLAY_TIMEZONE: a Korean team reads KST. */
  timeZone: string;
}

const ENGLISH: DocsLanguage = { locale: "en", timeZone: "UTC" };

/** The pictures in `language`: English (the README's first) unless told otherwise. */
export async function drawDocsImages(language: DocsLanguage = ENGLISH): Promise<DocsImages> {
  await loadLocales([language.locale]);
  return presenting(language, () => drawIn(language));
}

async function drawIn(language: DocsLanguage): Promise<DocsImages> {
  const emulator = await startEmulator({ token: DEMO_TOKEN, seed: "demo", now: () => NOW });
  const dataDir = mkdtempSync(join(tmpdir(), "chatwarden-docs-images-"));
  const core = await createCore({
    config: {
      chatApiTimeoutMs: 5_000,
      chatTimeZone: "UTC",
      dataDir,
      maxBanDays: 3650,
      confirmBanDaysOver: 30,
      requireReason: false,
      locale: language.locale,
      displayTimeZone: language.timeZone,
    },
    api: { baseUrl: emulator.baseUrl, token: DEMO_TOKEN },
    logger: silentLogger,
    now: () => NOW,
  });
  const feed = new ReportFeed({
    core,
    poll: true,
    // Polls when this script says, never on a schedule.
    pollCron: "0 0 1 1 *",
    backfill: BACKFILL,
    groupMinutes: 60,
    logger: silentLogger,
  });
  try {
    const opened: number[] = [];
    const stopWatching = core.cardEvents.on((cardId, change) => {
      if (change === "opened") opened.push(cardId);
    });
    const screen = new TerminalScreen(COLUMNS);
    const input = new PassThrough();
    const prompts = () => countPrompts(screen.written);
    const session = runRepl({
      runner: core.runner,
      input,
      output: screen.stream,
      actor: OPERATOR,
      now: () => NOW,
      announcements: cardAnnouncements(core),
    });
    await screen.until(() => prompts() >= 1);
    await feed.pollNow();
    // Each announcement prints its card and then the prompt again.
    await screen.until(() => prompts() >= 1 + opened.length);
    const first = opened[0];
    const card = first === undefined ? undefined : await core.reports.card(first);
    if (!card) throw new Error("docs-images: the first poll opened no card");
    const shown = cardView(card, core.settings.chatTimeZone, await core.triage.assess(card));
    const reportCard = discordMessageSvg(renderDiscord(shown), {
      botName: "chatwarden",
      now: NOW,
      title: `A report card on Discord: ${shown.title}`,
      description:
        "The report feed's card as chatwarden's Discord adapter renders it (an embed and its buttons: the ban the sanction ladder suggests, Ban…, Dismiss, History, Filter… and, on a second row, Take), drawn as Discord's dark theme shows it.",
    });

    const firstReport = card.reports[0]?.report_id;
    for (const line of [`report ${firstReport}`, "3", "bans"]) {
      const before = prompts();
      input.write(`${line}\r`);
      await screen.until(() => prompts() > before);
    }
    input.end();
    await session;
    stopWatching();
    const consoleSvg = terminalSvg(
      screen,
      "chatwarden demo",
      `The demo console: the report feed announces ${plural(opened.length, "new card")}, the operator opens report ${firstReport}, dismisses it (choice 3), and lists the bans.`,
    );
    return { reportCard, console: consoleSvg };
  } finally {
    await feed.stop();
    await core.close();
    await emulator.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** How many times a prompt was printed: the main one or a question's (`choose 1-5 … > `). */
function countPrompts(written: string): number {
  return (
    written.split(PROMPT).length -
    1 +
    // A choice's prompt in either language: `choose 1-6 (Enter to skip)> `, `1-6 중 선택 (Enter: 건너뛰기)> `.
    (written.match(/\(Enter[^)]*\)> /g)?.length ?? 0)
  );
}
