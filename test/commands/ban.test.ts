// ban and unban through the catalogue, against the emulator over HTTP. Every player here has been
// seen by the bot (as a report would show them): what a command does with a player never seen,
// or given by name, is test/catalogue/players.test.ts's.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isGamerId } from "../../src/catalogue/arguments.js";
import { admin, type Harness, moderator, player, startHarness, textOf } from "../helpers/core.js";

// A fresh emulator and store per test: ban counts and cases are the test's own (several tests
// ban gamer-42).
let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

/** `h.run`, its player first seen by the bot. */
async function run(...params: Parameters<Harness["run"]>) {
  const gamerId = params[1]?.gamer_id;
  if (typeof gamerId === "string" && isGamerId(gamerId)) await h.see(gamerId);
  return h.run(...params);
}

const banOf = (gamerId: string) =>
  h.emulator.state.listBans().find((ban) => ban.gamer_id === gamerId);

describe("ban", () => {
  it("bans, shows the end and the count, and records a case", async () => {
    const view = await run("ban", { gamer_id: "gamer-42", days: "3", reason: "spam" });
    expect(view.outcome).toBe("success");
    expect(view.visibility).toBe("public");
    expect(view.title).toBe("Banned gamer-42 for 3 days");
    expect(textOf(view)).toContain("Reason: spam");
    expect(banOf("gamer-42")?.count).toBe(1);
    const [recorded] = await h.core.cases.forTarget("gamer-42");
    expect(recorded).toMatchObject({
      command: "ban",
      outcome: "success",
      reason: "spam",
      actorName: "Mina",
      platform: "discord",
      args: { gamer_id: "gamer-42", days: 3, reason: "spam" },
      answer: { answer: { gamer_id: "gamer-42", days: 3 } },
    });
    expect(view.notices).toContain(`Case #${recorded?.number}`);
  });

  it.each([
    ["3", 3],
    ["3d", 3],
    ["2w", 14],
    [" 5D ", 5],
    // The unit as a word (issue 20): a Discord option or a form field holds it whole.
    ["3 days", 3],
    ["1 day", 1],
    ["2 weeks", 14],
    ["1 Week", 7],
    ["2 wk", 14],
    ["3days", 3],
    [7, 7],
  ])("reads days %j as %d", async (days, expected) => {
    const view = await run("ban", { gamer_id: `days-${expected}`, days });
    expect(view.outcome).toBe("success");
    expect((await h.core.cases.forTarget(`days-${expected}`))[0]?.args.days).toBe(expected);
  });

  it.each([
    [
      { days: "3" },
      "gamer_id is required: the player to ban: a gamer_id, or a name the bot has seen, e.g. gamer-42 (usage: ban <gamer_id> <days> [--reason R])",
    ],
    [
      { gamer_id: "two words", days: "3" },
      "No player named two words has been seen in a report, a channel or a ban, and it is no gamer_id (those are 1-64 visible characters with no spaces)",
    ],
    [
      { gamer_id: "x".repeat(65), days: "3" },
      `No player named ${"x".repeat(65)} has been seen in a report, a channel or a ban, and it is no gamer_id (those are 1-64 visible characters with no spaces)`,
    ],
    [
      { gamer_id: "x".repeat(101), days: "3" },
      "gamer_id must be a gamer_id (1-64 visible characters with no spaces) or a player's name of at most 100 characters on one line",
    ],
    [
      { gamer_id: "a\nb", days: "3" },
      "gamer_id must be a gamer_id (1-64 visible characters with no spaces) or a player's name of at most 100 characters on one line",
    ],
    [
      { gamer_id: "ok" },
      "days is required: ban length in days, 1 to 3650 (3, 3d, 3 days, 2w or 2 weeks), e.g. 7d (usage: ban <gamer_id> <days> [--reason R])",
    ],
    [
      { gamer_id: "ok", days: "0" },
      "days must be a whole number of days from 1 to 3650, written 3, 3d, 3 days, 2w or 2 weeks",
    ],
    [
      { gamer_id: "ok", days: "3651" },
      "days must be a whole number of days from 1 to 3650, written 3, 3d, 3 days, 2w or 2 weeks",
    ],
    [
      { gamer_id: "ok", days: "1.5" },
      "days must be a whole number of days from 1 to 3650, written 3, 3d, 3 days, 2w or 2 weeks",
    ],
    [
      { gamer_id: "ok", days: "3m" },
      "days must be a whole number of days from 1 to 3650, written 3, 3d, 3 days, 2w or 2 weeks",
    ],
    [
      { gamer_id: "ok", days: "3", reason: "r".repeat(501) },
      "reason must be at most 500 characters",
    ],
    [
      { gamer_id: "ok", days: "3", colour: "red" },
      "ban has no argument colour (usage: ban <gamer_id> <days> [--reason R])",
    ],
  ])("refuses %j naming the argument, sending nothing", async (args, message) => {
    const before = h.callsTo("PUT", "/block_user_chat");
    const view = await run("ban", args);
    expect(view).toMatchObject({
      outcome: "error",
      title: "Invalid arguments for ban",
      description: message,
    });
    expect(h.callsTo("PUT", "/block_user_chat")).toBe(before);
  });

  it("is denied to someone who is not a moderator, and the denial is recorded", async () => {
    const view = await run("ban", { gamer_id: "victim", days: "1" }, player);
    expect(view.outcome).toBe("denied");
    expect(view.description).toBe(
      "ban needs the moderator role, and Random is neither a moderator nor an admin.",
    );
    expect(banOf("victim")).toBeUndefined();
    expect((await h.core.cases.recent(1))[0]).toMatchObject({
      command: "ban",
      target: "victim",
      outcome: "denied",
      actorName: "Random",
    });
  });

  it("an API failure reads as the API's words and is recorded as a failed case", async () => {
    h.emulator.faults.add({
      method: "PUT",
      path: "/block_user_chat",
      respond: {
        status: 500,
        body: JSON.stringify({ message: "database down", code: 500100, error: true }),
      },
    });
    const view = await run("ban", { gamer_id: "gamer-500", days: "1" });
    expect(view.outcome).toBe("error");
    expect(view.description).toBe(
      "The chat API answered PUT /block_user_chat with HTTP 500: database down (500100); the change may have been applied, check before trying again",
    );
    const [recorded] = await h.core.cases.forTarget("gamer-500");
    expect(recorded).toMatchObject({ outcome: "failed", error: view.description });
    expect(view.notices).toEqual([`Case #${recorded?.number}`]);
  });
});

describe("ban confirmation (longer than CONFIRM_BAN_DAYS_OVER)", () => {
  it("asks first, and bans once confirmed", async () => {
    const question = await run("ban", { gamer_id: "long-1", days: "60" });
    expect(question.outcome).toBe("confirm");
    expect(question.description).toBe(
      "Ban long-1 for 60 days? That is longer than 30 days. This question expires in 60 s.",
    );
    expect(banOf("long-1")).toBeUndefined();
    const done = await h.press(question, "Confirm");
    expect(done.title).toBe("Banned long-1 for 60 days");
    expect(banOf("long-1")).toBeDefined();
  });

  it("is single use: a second press changes nothing", async () => {
    const question = await run("ban", { gamer_id: "long-2", days: "40" });
    await h.press(question, "Confirm");
    const again = await h.press(question, "Confirm");
    expect(again.title).toBe("Already decided");
    const cancelAfter = await h.press(question, "Cancel");
    expect(cancelAfter.description).toBe("This confirmation was already answered by Mina.");
    expect(await h.core.cases.forTarget("long-2")).toHaveLength(1);
  });

  it("cancelled: nothing is sent", async () => {
    const question = await run("ban", { gamer_id: "long-3", days: "31" });
    const cancelled = await h.press(question, "Cancel");
    expect(cancelled).toMatchObject({
      outcome: "info",
      title: "Cancelled",
      description: "ban was not run; nothing changed.",
    });
    expect(banOf("long-3")).toBeUndefined();
    expect(await h.press(question, "Confirm")).toMatchObject({ title: "Already decided" });
  });

  it("only the invoker can answer", async () => {
    const question = await run("ban", { gamer_id: "long-4", days: "31" });
    const other = { ...moderator, id: "101", displayName: "Jun" };
    const refused = await h.press(question, "Confirm", other);
    expect(refused).toMatchObject({
      outcome: "denied",
      description: "Only Mina can use this confirmation.",
    });
    expect(banOf("long-4")).toBeUndefined();
    expect((await h.press(question, "Confirm")).outcome).toBe("success");
  });

  it("a ban of exactly the limit needs no confirmation", async () => {
    expect((await run("ban", { gamer_id: "edge", days: "30" })).outcome).toBe("success");
  });
});

// Issue 10, item 6: a re-ban replaces a running ban; the moderator reads which, and a re-ban
// that would end it sooner is asked about first.
describe("re-banning a banned player", () => {
  /** `2026-11-24 10:00 UTC`: how a ban's end reads inside a sentence. */
  const minuteOf = (endTime: string | undefined) =>
    `${new Date(endTime ?? "").toISOString().slice(0, 16).replace("T", " ")} UTC`;

  it("says which ban it replaced and the ban count", async () => {
    await run("ban", { gamer_id: "reban-1", days: "3" });
    const before = banOf("reban-1");
    const view = await run("ban", { gamer_id: "reban-1", days: "14" });
    expect(view).toMatchObject({ outcome: "success", title: "Banned reban-1 for 14 days" });
    expect(view.description).toBe(
      `reban-1 was already banned until ${minuteOf(before?.end_time)}; this ban replaces it (ban count 2).`,
    );
    expect(view.data).toMatchObject({ previous_ban: before, ban: { count: 2 } });
  });

  it("a first ban says nothing about an earlier one", async () => {
    const view = await run("ban", { gamer_id: "reban-first", days: "3" });
    expect(view.description).toBeUndefined();
    expect(view.data).toMatchObject({ previous_ban: null });
  });

  it("asks first when the new ban would end sooner, and changes nothing until confirmed", async () => {
    await run("ban", { gamer_id: "reban-2", days: "14" });
    const before = banOf("reban-2");
    const question = await run("ban", { gamer_id: "reban-2", days: "3" });
    expect(question.outcome).toBe("confirm");
    expect(question.description).toMatch(
      new RegExp(
        `^reban-2 is banned until ${minuteOf(before?.end_time)}; a 3-day ban would replace it and end sooner, on \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\. Shorten the ban\\? This question expires in 60 s\\.$`,
      ),
    );
    expect(banOf("reban-2")).toEqual(before);
    const done = await h.press(question, "Confirm");
    expect(done.title).toBe("Banned reban-2 for 3 days");
    expect(done.description).toBe(
      `reban-2 was already banned until ${minuteOf(before?.end_time)}; this ban replaces it (ban count 2).`,
    );
  });

  it("a long ban that would also shorten a running one asks once, saying both", async () => {
    await run("ban", { gamer_id: "reban-3", days: "365" }, moderator, { confirmed: true });
    const question = await run("ban", { gamer_id: "reban-3", days: "60" });
    expect(question.description).toMatch(
      /^Ban reban-3 for 60 days\? That is longer than 30 days\. reban-3 is banned until .* UTC; a 60-day ban would replace it and end sooner, on .* UTC\. Shorten the ban\? This question expires in 60 s\.$/,
    );
  });

  it("a longer re-ban within the limit needs no confirmation", async () => {
    await run("ban", { gamer_id: "reban-4", days: "3" });
    expect((await run("ban", { gamer_id: "reban-4", days: "4" })).outcome).toBe("success");
  });

  it("says so when the chat API adds the new ban to the running one instead", async () => {
    h.emulator.setBehaviour({ rebanning: "stack" });
    try {
      await run("ban", { gamer_id: "reban-5", days: "3" });
      const before = banOf("reban-5");
      // Not shorter whichever way the API combines them, so nothing is asked.
      const view = await run("ban", { gamer_id: "reban-5", days: "4" });
      expect(view.outcome).toBe("success");
      expect(view.description).toBe(
        `reban-5 was already banned until ${minuteOf(before?.end_time)}; the chat API added this ban to it, so it now ends ${minuteOf(banOf("reban-5")?.end_time)} (ban count 2).`,
      );
    } finally {
      h.emulator.setBehaviour({ rebanning: "extend" });
    }
  });

  it("the case of a re-ban keeps the ban it replaced", async () => {
    await run("ban", { gamer_id: "reban-6", days: "3" });
    const before = banOf("reban-6");
    await run("ban", { gamer_id: "reban-6", days: "5" });
    expect((await h.core.cases.forTarget("reban-6"))[0]?.answer).toMatchObject({
      previous_ban: before,
    });
  });
});

describe("unban", () => {
  it("lifts a ban and records it", async () => {
    await run("ban", { gamer_id: "u-1", days: "2" });
    const view = await run("unban", { gamer_id: "u-1", reason: "appeal accepted" }, admin);
    expect(view).toMatchObject({ outcome: "success", title: "Unbanned u-1", visibility: "public" });
    expect(banOf("u-1")).toBeUndefined();
    expect((await h.core.cases.forTarget("u-1"))[0]).toMatchObject({
      command: "unban",
      reason: "appeal accepted",
      platform: "slack",
    });
  });

  it("says so when the player was not banned", async () => {
    const view = await run("unban", { gamer_id: "never-banned" });
    expect(view).toMatchObject({ outcome: "warning", title: "never-banned was not banned" });
    expect(view.data).toMatchObject({ was_banned: false });
  });

  it("refuses a bad gamer_id", async () => {
    expect((await run("unban", { gamer_id: "" })).description).toMatch(/^gamer_id is required/);
  });
});

// Item 10 of issue 9: the API echoes a write's request; an echo naming something else is not
// success for what was asked.
describe("an echo that differs from the request", () => {
  const echoing = (method: "PUT" | "DELETE", echo: object) =>
    h.emulator.faults.add({
      method,
      path: "/block_user_chat",
      respond: { status: 200, body: JSON.stringify(echo) },
    });
  const warning =
    "The chat API answered for gamer-43, not gamer-42: check bans before trying again";

  it("a ban echoed for another player is a warning, and the case records it", async () => {
    echoing("PUT", { gamer_id: "gamer-43", days: 3 });
    const view = await run("ban", { gamer_id: "gamer-42", days: "3" });
    expect(view.outcome).toBe("warning");
    expect(view.title).toBe("Ban of gamer-42 not confirmed");
    expect(view.description).toBe(warning);
    expect(textOf(view)).not.toContain("Banned gamer-42");
    const [recorded] = await h.core.cases.forTarget("gamer-42");
    expect(recorded?.answer).toMatchObject({
      answer: { gamer_id: "gamer-43", days: 3 },
      warning,
    });
    expect(view.notices).toContain(`Case #${recorded?.number}`);
  });

  it("a ban echoed with other days is a warning too", async () => {
    echoing("PUT", { gamer_id: "gamer-44", days: 30 });
    const view = await run("ban", { gamer_id: "gamer-44", days: "3" });
    expect(view).toMatchObject({
      outcome: "warning",
      description: "The chat API answered with 30 days, not 3: check bans before trying again",
    });
  });

  it("an unban echoed for another player is a warning, and the case records it", async () => {
    await run("ban", { gamer_id: "gamer-42", days: "2" });
    echoing("DELETE", { gamer_id: "gamer-43" });
    const view = await run("unban", { gamer_id: "gamer-42" });
    expect(view).toMatchObject({
      outcome: "warning",
      title: "Unban of gamer-42 not confirmed",
      description: warning,
    });
    expect((await h.core.cases.forTarget("gamer-42"))[0]?.answer).toMatchObject({ warning });
  });

  it("an echo that matches, extra fields aside, is plain success", async () => {
    echoing("PUT", { gamer_id: "gamer-45", days: 2, server_time: "2026-11-21 10:00:00" });
    const view = await run("ban", { gamer_id: "gamer-45", days: "2" });
    expect(view).toMatchObject({ outcome: "success", title: "Banned gamer-45 for 2 days" });
    expect(view.description).toBeUndefined();
  });
});

describe("confirmation expiry", () => {
  it("a confirmation pressed after 60 s does nothing and says why", async () => {
    let clock = new Date("2026-11-21T10:00:00Z");
    const timed = await startHarness({ now: () => clock });
    try {
      await timed.see("late-1");
      const question = await timed.run("ban", { gamer_id: "late-1", days: "90" });
      clock = new Date(clock.getTime() + 61_000);
      const late = await timed.press(question, "Confirm");
      expect(late).toMatchObject({
        title: "This choice has expired",
        description: "The confirmation was only valid for 60 s: run the command again.",
      });
      expect(timed.emulator.state.listBans().some((ban) => ban.gamer_id === "late-1")).toBe(false);
    } finally {
      await timed.close();
    }
  });
});
