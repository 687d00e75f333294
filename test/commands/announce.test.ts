// announce (issue 22, item 7): a system message through the vendor's POST /system_message, to
// every channel number of one channel, asked first with the exact text, recorded as a case.
import { hostname } from "node:os";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { silentLogger } from "../../src/log.js";
import { CaseStore } from "../../src/moderation/cases.js";
import { settlePendingCases } from "../../src/moderation/pending-cases.js";
import { admin, type Harness, moderator, startHarness, textOf } from "../helpers/core.js";
import { openChannel } from "../helpers/emulator.js";

const TEXT = `Server restarts at 10:00 UTC: save your "progress" & log out <3`;

describe("announce", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
    // lobby has two channel numbers (1 and 2), as an autoscaled channel does.
    openChannel(h.emulator, "global", "lobby", 2);
    openChannel(h.emulator, "global", "trade");
  });
  afterEach(() => h.close());

  const posts = () => h.callsTo("POST", "/system_message");
  /** `announce` by an admin, to lobby of global unless told otherwise. */
  const announce = (
    args: Partial<Record<"group" | "channel" | "message", string>> = {},
    extra: { confirmed?: boolean } = {},
  ) =>
    h.run("announce", { group: "global", channel: "lobby", message: "hi", ...args }, admin, extra);

  it("asks first with the exact text, then sends it to every number of the channel, as a case", async () => {
    const question = await announce({ message: TEXT });
    expect(question.outcome).toBe("confirm");
    expect(question.description).toBe(
      `Send this system message to every player in lobby of global (channel numbers 1 and 2)? "${TEXT}" This question expires in 60 s.`,
    );
    expect(posts()).toBe(0);

    const done = await h.press(question, "Confirm", admin);
    expect(done.outcome).toBe("success");
    expect(done.title).toBe("Announced in lobby of global");
    expect(textOf(done)).toContain(`Message: ${TEXT}`);
    expect(textOf(done)).toContain("Channel numbers: 1, 2");
    expect(h.emulator.state.systemMessages).toEqual([
      {
        channel_type: 1,
        channel_group: "global",
        channel_name: "lobby",
        channel_id: 1,
        message: TEXT,
      },
      {
        channel_type: 1,
        channel_group: "global",
        channel_name: "lobby",
        channel_id: 2,
        message: TEXT,
      },
    ]);
    expect(done.data).toMatchObject({
      group: "global",
      channel: "lobby",
      message: TEXT,
      channel_ids: [1, 2],
    });
    expect(done.caseNumber).toBeDefined();
    const recorded = await h.core.cases.get(done.caseNumber ?? 0);
    expect(recorded).toMatchObject({
      command: "announce",
      outcome: "success",
      actorName: admin.displayName,
      args: { group: "global", channel: "lobby", message: TEXT },
    });
  });

  it("says channel number in the singular for a channel of one number", async () => {
    const question = await announce({ channel: "trade" });
    expect(question.description).toBe(
      'Send this system message to every player in trade of global (channel number 3)? "hi" This question expires in 60 s.',
    );
  });

  it("refuses an unknown group or channel before asking, naming what there is; nothing sent, no case", async () => {
    const before = (await h.core.cases.recent(100)).length;
    const group = await announce({ group: "nowhere" });
    expect(group).toMatchObject({
      outcome: "error",
      title: "No channel group nowhere",
      description: "The chat API lists the groups global.",
    });
    const channel = await announce({ channel: "lobbby" });
    expect(channel).toMatchObject({
      outcome: "error",
      title: "No channel lobbby in global",
      description: "global has the channels lobby and trade.",
    });
    // The one-shot CLI's --yes skips the question, not the check.
    const confirmed = await announce({ channel: "lobbby" }, { confirmed: true });
    expect(confirmed.title).toBe("No channel lobbby in global");
    expect(posts()).toBe(0);
    expect((await h.core.cases.recent(100)).length).toBe(before);
  });

  it.each([
    [
      "an empty message",
      { group: "global", channel: "lobby", message: "" },
      "message is required: the text every player in the channel sees, one line of at most 500 characters, e.g. Server maintenance at 10:00 UTC (usage: announce <group> <channel> <message>)",
    ],
    [
      "a blank message",
      { group: "global", channel: "lobby", message: "   " },
      "message must not be empty",
    ],
    [
      "a message of 501 characters",
      { group: "global", channel: "lobby", message: "x".repeat(501) },
      "message must be at most 500 characters; this one is 501",
    ],
    [
      "a message of two lines",
      { group: "global", channel: "lobby", message: "line one\nline two" },
      "message must be one line, without line breaks or other control characters",
    ],
    [
      "an empty group",
      { group: "", channel: "lobby", message: "hi" },
      "group is required: the channel group, e.g. global (usage: announce <group> <channel> <message>)",
    ],
  ])("refuses %s", async (_label, args, message) => {
    const view = await h.run("announce", args, admin);
    expect(view.outcome).toBe("error");
    expect(view.description).toBe(message);
    expect(posts()).toBe(0);
  });

  it("takes a message of exactly 500 characters", async () => {
    const view = await announce(
      { channel: "trade", message: "가".repeat(500) },
      { confirmed: true },
    );
    expect(view.outcome).toBe("success");
    expect(h.emulator.state.systemMessages[0]?.message).toBe("가".repeat(500));
  });

  it("on an API without POST /system_message says so, and the case records the failure", async () => {
    h.emulator.setBehaviour({ systemMessage: "absent" });
    const view = await announce({}, { confirmed: true });
    expect(view.outcome).toBe("error");
    expect(view.title).toBe("announce failed");
    expect(view.description).toBe(
      "This chat API does not offer system messages: it answered POST /system_message with HTTP 404. Nothing was announced.",
    );
    // The first number told: the second is not tried.
    expect(posts()).toBe(1);
    const recorded = await h.core.cases.get(view.caseNumber ?? 0);
    expect(recorded).toMatchObject({ command: "announce", outcome: "failed" });
    expect(recorded?.error).toContain("does not offer system messages");
  });

  it("a channel deleted between the read and the send is said to be gone, not the endpoint", async () => {
    // The POST waits a moment, in which an admin deletes the channel: the emulator then answers
    // its own 404, and the channel is no longer listed.
    h.emulator.faults.add({ method: "POST", path: "/system_message", latencyMs: 300 });
    const running = announce({}, { confirmed: true });
    await vi.waitFor(() => expect(posts()).toBe(1), { timeout: 5_000, interval: 5 });
    h.emulator.state.deleteChannel("global", "lobby");
    const view = await running;
    expect(view.outcome).toBe("error");
    expect(view.description).toBe(
      "Channel number 1 did not get it: it is no longer listed in global. Channel number 2 did not get it: it is no longer listed in global.",
    );
    expect(h.emulator.state.systemMessages).toEqual([]);
  });

  it("a failure after some numbers got it says which did and which did not", async () => {
    // Faults are taken in order, one per request: the first POST is answered by the emulator
    // itself, the second by a 500.
    h.emulator.faults.add({ method: "POST", path: "/system_message", latencyMs: 0 });
    h.emulator.faults.add({
      method: "POST",
      path: "/system_message",
      respond: {
        status: 500,
        body: JSON.stringify({ message: "maintenance", code: 500001, error: true }),
      },
    });
    const view = await announce({}, { confirmed: true });
    expect(view.outcome).toBe("warning");
    expect(view.title).toBe("Announced in lobby of global, but not in every channel number");
    expect(view.description).toBe(
      "Channel number 2 did not get it: The chat API answered POST /system_message with HTTP 500: maintenance (500001); the change may have been applied, check before trying again.",
    );
    expect(h.emulator.state.systemMessages.map((sent) => sent.channel_id)).toEqual([1]);
    expect(view.data).toMatchObject({ channel_ids: [1], failed: [{ channel_id: 2 }] });
    const recorded = await h.core.cases.get(view.caseNumber ?? 0);
    expect(recorded?.outcome).toBe("success");
  });

  it("an announcement whose process died mid-way is settled as not known: the API cannot tell", async () => {
    // A pending case of a process on this host that is gone (no process has this pid).
    const dead = new CaseStore(h.core.store, () => new Date(), `${hostname()}:2147483646`);
    const pending = await dead.open({
      actor: admin,
      command: "announce",
      args: { group: "global", channel: "lobby", message: "hi" },
    });
    const [settled] = await settlePendingCases(h.core.cases, h.core.api, silentLogger);
    expect(settled).toMatchObject({ number: pending.number, outcome: "unknown" });
    expect(settled?.error).toContain("the chat API cannot tell whether announce took effect");
  });

  it("is for admins: a moderator is refused and nothing is sent", async () => {
    const view = await h.run(
      "announce",
      { group: "global", channel: "lobby", message: "hi" },
      moderator,
      { confirmed: true },
    );
    expect(view.outcome).toBe("denied");
    expect(posts()).toBe(0);
  });
});
