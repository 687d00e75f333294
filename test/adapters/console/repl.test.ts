// The console over plain streams, against a real core and the emulator: what an operator types at
// a prompt and what the console answers. The pseudo-terminal tests (demo-pty, prompts-pty) drive
// the same REPL through a real terminal, keys like Ctrl-C included.
import { PassThrough } from "node:stream";
import { stripVTControlCharacters } from "node:util";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { runRepl } from "../../../adapters/console/repl.js";
import { cardAnnouncements } from "../../../app/demo.js";
import { formatLocalTimestamp } from "../../../src/chat-api/time.js";
import { reportButtonId } from "../../../src/feed/report-buttons.js";
import { silentLogger } from "../../../src/log.js";
import { type Harness, moderator, startHarness } from "../../helpers/core.js";
import { openChannel, reportedBy } from "../../helpers/emulator.js";
import { startAdapterFeed } from "../../helpers/feed.js";
import { madeReport, onNewCard } from "../../helpers/stored-reports.js";

const PROMPT_AT_END = /(chatwarden|choose \d+(-\d+)? \(Enter to skip\))> $/;
const WAIT = { timeout: 5_000, interval: 10 };

interface SessionOptions {
  /** Streams that say they are a terminal, as process.stdin and stdout do at one. */
  tty?: boolean;
  /** The feed's cards announced above the prompt, as in the demo. */
  feedNews?: boolean;
}

class ConsoleSession {
  readonly input = new PassThrough();
  readonly output = new PassThrough();
  text = "";
  readonly ended: Promise<void>;

  constructor(h: Harness, options: SessionOptions = {}) {
    if (options.tty) {
      // readline then edits the line as at a terminal (keys, cursor), without a real one.
      Object.assign(this.input, { isTTY: true });
      Object.assign(this.output, { isTTY: true, columns: 200 });
    }
    this.output.setEncoding("utf8");
    this.output.on("data", (chunk: string) => {
      this.text += chunk;
    });
    this.ended = runRepl({
      runner: h.core.runner,
      input: this.input,
      output: this.output,
      announcements: options.feedNews ? cardAnnouncements(h.core) : undefined,
    });
  }

  /** What a terminal would show, without the escape sequences that move its cursor. */
  get screen(): string {
    return stripVTControlCharacters(this.text);
  }

  /** Waits until the console has shown `text` after the `from`th character of its output. */
  async shows(text: string, from = 0): Promise<void> {
    await vi.waitFor(() => expect(this.screen.slice(from)).toContain(text), WAIT);
  }

  /** Types a line and returns the console's answer, up to (without) the prompt that follows. */
  async enter(line: string): Promise<string> {
    await this.prompted();
    const from = this.text.length;
    this.input.write(`${line}\n`);
    let answer = "";
    await vi.waitFor(
      () => {
        answer = this.text.slice(from);
        expect(answer).toMatch(PROMPT_AT_END);
      },
      { timeout: 5_000, interval: 10 },
    );
    return answer.replace(PROMPT_AT_END, "");
  }

  /** The prompt now waiting. */
  get prompt(): string {
    return PROMPT_AT_END.exec(this.text)?.[0] ?? "";
  }

  async prompted(): Promise<void> {
    await vi.waitFor(() => expect(this.screen).toMatch(PROMPT_AT_END), {
      timeout: 5_000,
      interval: 10,
    });
  }

  async close(): Promise<void> {
    this.input.end();
    await this.ended;
  }
}

let h: Harness;
let session: ConsoleSession;
beforeEach(async () => {
  h = await startHarness();
  session = new ConsoleSession(h);
});
afterEach(async () => {
  await session.close();
  await h.close();
});

const bans = () => h.callsTo("PUT", "/block_user_chat");

describe("answering a confirmation", () => {
  it.each(["y", "yes", "Y", "YES"])("%j confirms", async (answer) => {
    const question = await session.enter("ban gamer-1 400");
    expect(question).toContain("[1] Confirm  [2] Cancel");
    expect(session.prompt).toBe("choose 1-2 (Enter to skip)> ");
    const done = await session.enter(answer);
    expect(done).toContain("Banned gamer-1 for 400 days");
    expect(done).not.toContain("Unknown command");
    expect(bans()).toBe(1);
    expect(session.prompt).toBe("chatwarden> ");
  });

  it.each(["n", "no", "No"])("%j cancels", async (answer) => {
    await session.enter("ban gamer-1 400");
    const done = await session.enter(answer);
    expect(done).toContain("Cancelled");
    expect(done).not.toContain("Unknown command");
    expect(bans()).toBe(0);
    expect(session.prompt).toBe("chatwarden> ");
  });

  it("says skipped on Enter, and nothing is done", async () => {
    await session.enter("ban gamer-1 400");
    const done = await session.enter("");
    expect(done.trim()).toBe("skipped: nothing was done");
    expect(bans()).toBe(0);
    expect(session.prompt).toBe("chatwarden> ");
  });

  it("keeps asking after a word that is neither a choice nor a command", async () => {
    await session.enter("ban gamer-1 400");
    const refused = await session.enter("yse");
    expect(refused).toContain('"yse" is neither a choice nor a command');
    expect(refused).toContain("(y or n), or Enter to skip");
    expect(session.prompt).toBe("choose 1-2 (Enter to skip)> ");
    expect(await session.enter("yes")).toContain("Banned gamer-1 for 400 days");
  });

  it("runs a command typed instead of an answer, and the question is settled unanswered", async () => {
    await session.enter("ban gamer-1 400");
    expect(await session.enter("bans")).toContain("Nobody is banned.");
    expect(session.prompt).toBe("chatwarden> ");
    expect(bans()).toBe(0);
  });

  it("still takes the number", async () => {
    await session.enter("ban gamer-1 400");
    expect(await session.enter("1")).toContain("Banned gamer-1 for 400 days");
  });
});

describe("players by name", () => {
  it("a name two players share lists both with numbers, and the one chosen is banned", async () => {
    await h.see("10003=ShadowFox", "20017=ShadowFox");
    const question = await session.enter("ban shadowfox 1");
    expect(question).toContain("Which shadowfox?");
    expect(question).toMatch(/ShadowFox \(10003\)\s+.*UTC/);
    expect(question).toContain("[1] ShadowFox (10003)  [2] ShadowFox (20017)  [3] Cancel");
    expect(session.prompt).toBe("choose 1-3 (Enter to skip)> ");
    expect(bans()).toBe(0);
    expect(await session.enter("2")).toContain("Banned ShadowFox (20017) for 1 day");
    expect(h.emulator.state.runningBan("20017")).toBeDefined();
    expect(h.emulator.state.runningBan("10003")).toBeUndefined();
  });

  it("a name one player has is that player, said so; an id never seen is asked about", async () => {
    await h.see("10008=MoonWalker");
    const answer = await session.enter("ban MoonWalker 1");
    expect(answer).toContain("Banned MoonWalker (10008) for 1 day");
    expect(answer).toContain("MoonWalker is 10008");
    const question = await session.enter("ban 10003x 1");
    expect(question).toContain(
      "10003x has never appeared in a report, a channel or a ban: ban anyway?",
    );
    expect(await session.enter("y")).toContain("Banned 10003x for 1 day");
  });
});

describe("a question with one choice", () => {
  it("reads choose 1, and keeps asking after a yes that has no meaning there", async () => {
    for (let i = 0; i < 12; i++) h.emulator.state.ban(`gamer-${i}`, 3);
    const list = await session.enter("bans");
    expect(list).toContain("[1] Next page");
    expect(session.prompt).toBe("choose 1 (Enter to skip)> ");
    const refused = await session.enter("y");
    expect(refused).toContain("choose 1, or Enter to skip");
    expect(refused).not.toContain("Unknown command");
    expect(session.prompt).toBe("choose 1 (Enter to skip)> ");
    expect((await session.enter("")).trim()).toBe("skipped");
  });
});

describe("arguments in the console", () => {
  beforeEach(() => {
    for (let i = 0; i < 25; i++) h.emulator.state.ban(`gamer-${i}`, 3);
  });

  it("--page N shows that page", async () => {
    expect(await session.enter("bans --page 2")).toContain("page 2 of 3");
    await session.enter("");
    expect(await session.enter("/bans --page=3")).toContain("page 3 of 3");
  });

  it("--page past the last page says how many pages there are", async () => {
    const answer = await session.enter("bans --page 9");
    expect(answer).toMatch(/there are 3 pages/i);
    expect(answer).not.toContain("page 3 of 3");
    expect(session.prompt).toBe("chatwarden> ");
  });

  it("refuses a --page that is not a page number, in one line", async () => {
    const answer = await session.enter("bans --page two");
    expect(answer.trim().split("\n")).toEqual([expect.stringContaining("--page must be")]);
  });

  it("records the reason after the last argument exactly as typed", async () => {
    // Issue 20: quotes were read as quoting, and lost. A --page cut from the line leaves the
    // reason as it was, too.
    const typed = `he said "hi", don't  (twice)`;
    await h.see("ux-q");
    expect(await session.enter(`ban ux-q 2 ${typed}`)).toContain("Banned ux-q for 2 days");
    expect(await session.enter(`unban ux-q --page 1 ${typed}`)).toContain("Unbanned ux-q");
    const reasons = (await h.core.cases.forTarget("ux-q")).map((entry) => entry.reason);
    expect(reasons).toEqual([typed, typed]);
  });

  it("reads the days' unit typed as a word", async () => {
    await h.see("ux-d");
    expect(await session.enter("ban ux-d 1 day spam")).toContain("Banned ux-d for 1 day");
    const [banned] = await h.core.cases.forTarget("ux-d");
    expect(banned).toMatchObject({ args: { days: 1 }, reason: "spam" });
  });

  it("takes a lone number after reports as the limit", async () => {
    for (let i = 0; i < 25; i++) h.emulator.state.injectReport({ to_gamer_id: `p${i}` });
    const answer = await session.enter("reports 20");
    expect(answer).toContain("Showing the newest 20 of 25");
  });
});

describe("announce at the console", () => {
  it("shows the exact text with numbered choices, and sends it on 1", async () => {
    openChannel(h.emulator, "global", "lobby");
    const typed = `Restart at 10:00, don't "panic"  (really)`;
    const question = await session.enter(`announce global lobby ${typed}`);
    expect(question).toContain(
      `Send this system message to every player in lobby of global (channel number 1)? "${typed}"`,
    );
    expect(question).toContain("[1] Confirm  [2] Cancel");
    expect(h.emulator.state.systemMessages).toEqual([]);
    const done = await session.enter("1");
    expect(done).toContain("Announced in lobby of global");
    expect(h.emulator.state.systemMessages.map((message) => message.message)).toEqual([typed]);
  });

  it("says at once that a channel does not exist, asking nothing", async () => {
    const answer = await session.enter("announce global nowhere hello");
    expect(answer).toContain("No channel group global");
    expect(answer).not.toContain("Confirm");
    expect(session.prompt).toBe("chatwarden> ");
  });
});

describe("a mistyped command", () => {
  it("offers the command it was meant to be, and runs nothing", async () => {
    const answer = await session.enter("bnas");
    expect(answer).toContain('Unknown command "bnas" (did you mean bans?).');
    expect(h.emulator.requests).toEqual([]);
    expect(session.prompt).toBe("chatwarden> ");
  });
});

describe("turning pages while reports arrive", () => {
  it("Next continues where page 1 ended, and says how many reports arrived", async () => {
    // Issue 20: "36 reports … page 1 of 4" (#40 to #30), then Next said "41 reports … page 2
    // of 5" and began again at #35.
    const start = Date.now() - 3_600_000;
    for (let id = 1; id <= 36; id++) {
      h.emulator.state.injectReport({ report_id: id, createdAt: new Date(start + id * 60_000) });
    }
    const first = await session.enter("reports");
    expect(first).toContain("Reports: 36 reports");
    expect(first).toContain("page 1 of 4");
    expect(first).toContain("[1] Next page");
    for (let n = 0; n < 5; n++) h.emulator.state.injectReport({});

    const second = await session.enter("1");
    expect(second).toContain("Reports: 36 reports");
    expect(second).toContain("page 2 of 4");
    expect(second).toContain("5 new reports since this list: run reports again");
    // A row begins with its report number, then its time.
    const ids = (answer: string) =>
      [...answer.matchAll(/^\s*(\d+)\s+\d{4}-/gm)].map((m) => Number(m[1]));
    expect(ids(first)).toEqual(Array.from({ length: 10 }, (_, n) => 36 - n));
    expect(ids(second)).toEqual(Array.from({ length: 10 }, (_, n) => 26 - n));
  });
});

describe("a form action, which a terminal offers as a command line", () => {
  it("from a history: the player filled in", async () => {
    expect(await session.enter("history gamer-9")).toContain("[1] Ban…");
    expect(await session.enter("1")).toContain("type: ban gamer-9 <days> [--reason R]");
  });

  it("from a report card: the player and the suggested reason filled in", async () => {
    const feed = startAdapterFeed(h.core, [], silentLogger);
    try {
      // The first poll (of an empty chat API) is over, so the next report is new, not backfill.
      await feed.pollNow();
      const report = h.emulator.state.injectReport({ to_gamer_id: "gamer-card" });
      await feed.pollNow();
      expect(await session.enter(`report ${report.report_id}`)).toContain("[2] Ban…");
      expect(await session.enter("2")).toContain(
        `type: ban gamer-card <days> --reason "report #${report.report_id}"`,
      );
    } finally {
      await feed.stop();
    }
  });
});

describe("a card's priority and the ladder's suggestion at a terminal", () => {
  it("shows the priority under the card's state; the first choice is the step, and bans for its days", async () => {
    const feed = startAdapterFeed(h.core, [], silentLogger);
    try {
      await feed.pollNow();
      h.emulator.state.ban("console-repeat", 3);
      const report = h.emulator.state.injectReport({ to_gamer_id: "console-repeat" });
      await feed.pollNow();
      const card = await session.enter(`report ${report.report_id}`);
      expect(card).toContain("[1] Ban 7d · 2nd offence  [2] Ban…  [3] Dismiss  [4] History");
      // Under the card's state, how urgent it is and why.
      expect(card).toMatch(
        /Open: 1 report waiting for a moderator\.\n +Medium: 1 reporter in 24 h · banned once before · \w+/,
      );
      expect(await session.enter("1")).toContain("Banned a0 (console-repeat) for 7 days");
      expect(h.emulator.state.runningBan("console-repeat")?.count).toBe(2);
      expect(await session.enter("history console-repeat")).toContain(
        "Next on the ladder: 30 days (3rd offence)",
      );
    } finally {
      await feed.stop();
    }
  });

  it("reports --open lists the waiting cards, highest priority first, each with why", async () => {
    const feed = startAdapterFeed(h.core, [], silentLogger);
    try {
      await feed.pollNow();
      reportedBy(h.emulator.state, "console-low", ["r-1"], "SPAM");
      await feed.pollNow();
      reportedBy(h.emulator.state, "console-high", ["r-1", "r-2", "r-3", "r-4"], "CHEATING");
      await feed.pollNow();
      const answer = await session.enter("reports --open");
      expect(answer).toContain("Open report cards: 2, highest priority first");
      const rows = answer.split("\n").filter((line) => /console-(high|low)/.test(line));
      expect(rows).toEqual([
        expect.stringMatching(
          /^ +High +2 +a0 \(console-high\) +4 .* 4 reporters in 24 h · CHEATING$/,
        ),
        expect.stringMatching(/^ +Low +1 +a0 \(console-low\) +1 .* 1 reporter in 24 h · SPAM$/),
      ]);
    } finally {
      await feed.stop();
    }
  });
});

/** A console of its own, with the feed's news, closed after the test. */
async function withFeedConsole(
  options: SessionOptions,
  test: (own: ConsoleSession, feed: ReturnType<typeof startAdapterFeed>) => Promise<void>,
): Promise<void> {
  const feed = startAdapterFeed(h.core, [], silentLogger);
  const own = new ConsoleSession(h, { ...options, feedNews: true });
  try {
    // The console listens for news once it is open; the first poll (of an empty chat API) is
    // over, so the next reports are new, not backfill.
    await own.prompted();
    await feed.pollNow();
    await test(own, feed);
  } finally {
    await own.close();
    await feed.stop();
  }
}

describe("reports that join a card the console has shown", () => {
  /** The lines of the last announcement whose title starts `Updated: `, up to the prompt. */
  function lastUpdate(own: ConsoleSession): string {
    const at = own.screen.lastIndexOf("Updated: ");
    const rest = own.screen.slice(at);
    return rest.slice(0, rest.indexOf("chatwarden> "));
  }
  const against = { to_gamer_id: "10002", to_gamer_name: "달빛기사" };
  /** A table row of the report: its id, then when it was made. */
  const rowOf = (reportId: number) => new RegExp(`^ +${reportId} +\\d{4}-\\d\\d-\\d\\d `, "m");

  it("shows each new report (who, category, reason, message), and not the ones shown before", async () => {
    await withFeedConsole({}, async (own, feed) => {
      const first = h.emulator.state.injectReport({ ...against, keyword: "SPAM", reason: "ads" });
      await feed.pollNow();
      await own.shows(`New: Report #${first.report_id} against 달빛기사 (10002)`);

      // Issue 20 item 7: five reports joined the card and the console said only how many.
      const joined = [1, 2, 3, 4, 5].map((n) =>
        h.emulator.state.injectReport({
          ...against,
          from_gamer_id: `2000${n}`,
          from_gamer_name: `Reporter${n}`,
          keyword: "CHEATING",
          reason: `wallhack ${n}\x1b[2J`,
          message: `gg ez ${n}\u202e`,
        }),
      );
      await feed.pollNow();
      await own.shows("Updated: 6 reports against 달빛기사 (10002)");
      const update = lastUpdate(own);
      expect(update).toContain("Open: 6 reports waiting for a moderator.");
      // The priority rose with them: six reporters, cheating among the categories.
      expect(update).toContain("High: 6 reporters in 24 h · CHEATING");
      for (const [index, report] of joined.entries()) {
        const n = index + 1;
        // Player text stays inert: the ESC and the override show as stand-ins, never obeyed.
        expect(update).toMatch(
          new RegExp(
            `^ +${report.report_id} .*Reporter${n} \\(2000${n}\\) +CHEATING +wallhack ${n}␛\\[2J +gg ez ${n}\ufffd$`,
            "m",
          ),
        );
      }
      expect(update).not.toMatch(rowOf(first.report_id));
      expect(own.text).not.toContain("\x1b[2J");
      expect(own.text).not.toContain("\u202e");

      // The next one alone: only what joined since the console last showed the card.
      const sixth = h.emulator.state.injectReport({
        ...against,
        from_gamer_name: "Late",
        keyword: "ABUSE",
      });
      await feed.pollNow();
      await own.shows("Updated: 7 reports against 달빛기사 (10002)");
      const next = lastUpdate(own);
      expect(next).toMatch(new RegExp(`^ +${sixth.report_id} .*Late .*ABUSE`, "m"));
      for (const report of [first, ...joined]) {
        expect(next).not.toMatch(rowOf(report.report_id));
      }
    });
  });

  it("lists as many new reports as a card lists, and counts the rest", async () => {
    await withFeedConsole({}, async (own, feed) => {
      h.emulator.state.injectReport(against);
      await feed.pollNow();
      await own.shows("New: Report #");
      const flood = Array.from({ length: 12 }, (_, n) =>
        h.emulator.state.injectReport({ ...against, from_gamer_name: `Flood${n}` }),
      );
      await feed.pollNow();
      await own.shows("Updated: 13 reports against 달빛기사 (10002)");
      const update = lastUpdate(own);
      const listed = flood.filter((report) => rowOf(report.report_id).test(update));
      expect(listed).toHaveLength(10);
      expect(update).toMatch(/^ +and 2 more new reports$/m);
    });
  });

  it("says a settled card's news in one line, as before", async () => {
    await withFeedConsole({}, async (own, feed) => {
      const report = h.emulator.state.injectReport(against);
      await feed.pollNow();
      await own.shows(`New: Report #${report.report_id}`);
      await own.enter(`dismiss ${report.report_id}`);
      await own.shows("Updated: Report #");
      expect(lastUpdate(own).trim().split("\n")).toEqual([
        expect.stringMatching(
          /^Updated: Report #\d+ against .*: Dismissed by operator \(console\)/,
        ),
      ]);
    });
  });
});

describe("Take on a card at a terminal", () => {
  it("is a numbered choice; the console's news says who took it, and another's take is asked about", async () => {
    await withFeedConsole({}, async (own, feed) => {
      const report = h.emulator.state.injectReport({ to_gamer_id: "10009" });
      await feed.pollNow();
      await own.shows(`report ${report.report_id} shows its actions`);
      await own.enter(`report ${report.report_id}`);
      await own.shows("[6] Take");
      await own.shows("choose 1-6 (Enter to skip)> ");
      let from = own.screen.length;
      own.input.write("6\n");
      await own.shows(`You took report #${report.report_id}`, from);
      await own.shows("is looking at this since", from);
      expect(own.screen.slice(from)).toMatch(
        /Updated: Report #\d+ against .+\n +Open: .+\n +\S+ \(console\) is looking at this since \d\d:\d\d UTC, until \d\d:\d\d UTC\./,
      );

      // Mina takes it over on Discord (asked, and confirmed there): the operator is asked first.
      const key = { reportId: report.report_id, generation: 0 };
      const asked = await h.core.runner.press(reportButtonId(key, "take"), moderator);
      await h.core.runner.press(asked.actions?.[0]?.id ?? "", moderator);
      from = own.screen.length;
      await own.enter(`dismiss ${report.report_id}`);
      await own.shows(
        `Mina (discord) took report #${report.report_id} just now: act anyway?`,
        from,
      );
      await own.shows("choose 1-2 (Enter to skip)> ", from);
      own.input.write("y\n");
      await own.shows(`Dismissed report #${report.report_id}`, from);
    });
  });
});

describe("Ban… on a card at a terminal", () => {
  /** Types keys as a person would: one at a time, as a terminal sends them. */
  function typeKeys(own: ConsoleSession, keys: string): void {
    for (const key of keys) own.input.write(key);
  }

  async function chooseBanOn(
    own: ConsoleSession,
    feed: ReturnType<typeof startAdapterFeed>,
    target: string,
  ) {
    const report = h.emulator.state.injectReport({ to_gamer_id: target });
    await feed.pollNow();
    await own.shows(`report ${report.report_id} shows its actions`);
    typeKeys(own, `report ${report.report_id}\r`);
    await own.shows("choose 1-6 (Enter to skip)> ");
    const from = own.screen.length;
    typeKeys(own, "2\r");
    return { report, from };
  }

  it.each([
    ["a plain id", "10001", "10001"],
    [
      "an id made of quotes, backslashes and a --",
      String.raw`--"it's"\x`,
      String.raw`"--\"it's\"\\x"`,
    ],
  ])("puts the command in the input line, ready for the days: %s", async (_, target, typed) => {
    await withFeedConsole({ tty: true }, async (own, feed) => {
      const { report, from } = await chooseBanOn(own, feed, target);
      // Issue 20 item 13: the console printed `type: ban …` to be typed again.
      const line = `chatwarden> ban ${typed} --reason "report #${report.report_id}" `;
      await own.shows(line, from);
      expect(own.screen.slice(from)).not.toContain("type: ban");
      expect(own.screen.endsWith(line)).toBe(true);

      typeKeys(own, "2\r");
      // The emulator names a player a0 unless told otherwise: the answer shows Name (id).
      await own.shows(`Banned a0 (${target}) for 2 days`, from);
      expect(bans()).toBe(1);
      const [banned] = await h.core.cases.forTarget(target);
      expect(banned).toMatchObject({ args: { days: 2 }, reason: `report #${report.report_id}` });
    });
  });

  it("Filter… puts the filter command in the input line with the report's message as the phrase", async () => {
    h.emulator.state.putBadWords("all", ["scam"], "replace");
    await withFeedConsole({ tty: true }, async (own, feed) => {
      const message = `cheap gold, "whisper" me`;
      const report = h.emulator.state.injectReport({ to_gamer_id: "10007", message });
      await feed.pollNow();
      await own.shows(`report ${report.report_id} shows its actions`);
      typeKeys(own, `report ${report.report_id}\r`);
      await own.shows("[5] Filter…");
      await own.shows("choose 1-6 (Enter to skip)> ");
      const from = own.screen.length;
      typeKeys(own, "5\r");
      const line = String.raw`chatwarden> filter ${report.report_id} all "cheap gold, \"whisper\" me"`;
      await own.shows(line, from);
      expect(own.screen.endsWith(line)).toBe(true);

      // Enter runs it as drafted: asked first with the words new to the list, then added.
      typeKeys(own, "\r");
      await own.shows(
        `Add 1 word from report #${report.report_id} to the all filter (${message})?`,
        from,
      );
      typeKeys(own, "1\r");
      await own.shows("Added 1 word to the all filter", from);
      expect(h.emulator.state.listBadWords()[0]?.filters).toEqual(["scam", message]);
    });
  });

  it("prints the line instead when the id holds what a terminal must not be sent", async () => {
    await withFeedConsole({ tty: true }, async (own, feed) => {
      const { report, from } = await chooseBanOn(own, feed, "evil\u202eresu");
      await own.shows(
        `type: ban evil\ufffdresu <days> --reason "report #${report.report_id}"`,
        from,
      );
      // Nothing waits in the input line: the prompt is empty.
      await vi.waitFor(() => expect(own.screen.endsWith("chatwarden> ")).toBe(true), WAIT);
      expect(own.text).not.toContain("\u202e");
    });
  });
});

describe("one report at a time, at the console", () => {
  it("numbers each report of a card under Dismiss one report…; the number dismisses it alone", async () => {
    await withFeedConsole({}, async (own, feed) => {
      const against = { to_gamer_id: "10008", to_gamer_name: "Grouped" };
      const first = h.emulator.state.injectReport(against);
      const second = h.emulator.state.injectReport({ ...against, from_gamer_name: "\u001b[2J" });
      await feed.pollNow();
      await own.shows(`report ${first.report_id} shows its actions`);
      const card = await own.enter(`report ${first.report_id}`);
      expect(card).toMatch(/^ {2}Dismiss one report…$/m);
      const numberOf = (reportId: number) =>
        new RegExp(`^ {4}\\[(\\d+)\\] #${reportId} by (.*)$`, "m").exec(card);
      const chosen = numberOf(second.report_id);
      expect(Number(chosen?.[1])).toBe(Number(numberOf(first.report_id)?.[1]) + 1);
      // The reporter's name is inert here too: its escape shows as a stand-in.
      expect(chosen?.[2]).toContain("\u241b[2J");
      expect(own.prompt).toBe(`choose 1-${chosen?.[1]} (Enter to skip)> `);

      const answer = await own.enter(chosen?.[1] ?? "");
      expect(answer).toContain(`Dismissed report #${second.report_id} alone`);
      expect(answer).toContain("1 report against Grouped (10008) stays open on its card.");
      await own.shows(`Updated: Report #${first.report_id} against Grouped (10008)`);
      expect((await h.core.cases.recent()).map((found) => found.command)).toEqual(["dismiss"]);
    });
  });
});

describe("stats at the console", () => {
  it("shows the figures with a sparkline of the days, and the days a page at a time", async () => {
    const made = formatLocalTimestamp(new Date(Date.now() - 3_600_000), "UTC");
    await onNewCard(h.core, [madeReport(1, "c-stats", "spam", made)], new Date());
    const week = await session.enter("stats");
    expect(week).toContain("Moderation statistics: last 7 days");
    expect(week).toMatch(/▁{7}█ {2}0 0 0 0 0 0 0 1/);
    expect(week).toContain("1 card; the oldest is card 1, against c-stats");
    const month = await session.enter("stats 30d");
    expect(month).toContain("page 1 of 4");
    await session.enter("");
    expect(await session.enter("stats 2w")).toContain("period must be 24h, 7d or 30d");
  });
});
