// The console over plain streams, against a real core and the emulator: what an operator types at
// a prompt and what the console answers. The pseudo-terminal tests (demo-pty, prompts-pty) drive
// the same REPL through a real terminal, keys like Ctrl-C included.
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { runRepl } from "../../../adapters/console/repl.js";
import { silentLogger } from "../../../src/log.js";
import { type Harness, startHarness } from "../../helpers/core.js";
import { startAdapterFeed } from "../../helpers/feed.js";

const PROMPT_AT_END = /(chatwarden|choose \d+(-\d+)? \(Enter to skip\))> $/;

class ConsoleSession {
  readonly input = new PassThrough();
  readonly output = new PassThrough();
  text = "";
  readonly ended: Promise<void>;

  constructor(h: Harness) {
    this.output.setEncoding("utf8");
    this.output.on("data", (chunk: string) => {
      this.text += chunk;
    });
    this.ended = runRepl({ runner: h.core.runner, input: this.input, output: this.output });
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
    await vi.waitFor(() => expect(this.text).toMatch(PROMPT_AT_END), {
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
    expect(await session.enter(`ban ux-q 2 ${typed}`)).toContain("Banned ux-q for 2 days");
    expect(await session.enter(`unban ux-q --page 1 ${typed}`)).toContain("Unbanned ux-q");
    const reasons = (await h.core.cases.forTarget("ux-q")).map((entry) => entry.reason);
    expect(reasons).toEqual([typed, typed]);
  });

  it("reads the days' unit typed as a word", async () => {
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
      expect(await session.enter(`report ${report.report_id}`)).toContain("[3] Ban…");
      expect(await session.enter("3")).toContain(
        `type: ban gamer-card <days> --reason "report #${report.report_id}"`,
      );
    } finally {
      await feed.stop();
    }
  });
});
