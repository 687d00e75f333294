// channels list, create and delete through the catalogue.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderView } from "../../adapters/console/render.js";
import { controlIn } from "../adapters/inert-checks.js";
import { admin, type Harness, moderator, startHarness, textOf } from "../helpers/core.js";

// A fresh emulator and store per test: each creates the channels it lists or deletes.
let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

describe("channels", () => {
  it("create (admin): the channel exists and the case is recorded", async () => {
    const view = await h.run(
      "channels create",
      { group: "global", name: "server-1", max_count: "50", default: "yes" },
      admin,
    );
    expect(view).toMatchObject({
      outcome: "success",
      title: "Created channel server-1 in global",
      visibility: "public",
    });
    expect(textOf(view)).toContain("Default: yes");
    expect(h.emulator.state.listChannels("global").map((c) => c.channel_name)).toEqual([
      "server-1",
    ]);
    expect((await h.core.cases.recent(1))[0]).toMatchObject({
      command: "channels create",
      outcome: "success",
    });
  });

  it("create is for admins only", async () => {
    const view = await h.run(
      "channels create",
      { group: "global", name: "mods-room", max_count: "5" },
      moderator,
    );
    expect(view).toMatchObject({
      outcome: "denied",
      description: "channels create needs the admin role, and Mina is a moderator.",
    });
    expect(h.emulator.state.hasChannel("global", "mods-room")).toBe(false);
  });

  it.each([
    [
      { name: "x", max_count: "5" },
      "group is required: the channel group, e.g. global (usage: channels create <group> <name> <max_count> [default])",
    ],
    [
      { group: "  ", name: "x", max_count: "5" },
      "group must be a non-empty channel group of at most 100 characters",
    ],
    [
      { group: "g", name: "x", max_count: "0" },
      "max_count must be a whole number from 1 to 100000",
    ],
    [
      { group: "g", name: "x", max_count: "-4" },
      "max_count must be a whole number from 1 to 100000",
    ],
    [{ group: "g", name: "x", max_count: "5", default: "maybe" }, "default must be yes or no"],
    [
      { group: "g", name: "a\nb", max_count: "5" },
      "name must be a non-empty channel name of at most 100 characters",
    ],
  ])("create refuses %j", async (args, message) => {
    expect((await h.run("channels create", args, admin)).description).toBe(message);
  });

  it("list: groups with counts, then one group's channels", async () => {
    await h.run(
      "channels create",
      { group: "global", name: "server-1", max_count: "50", default: "yes" },
      admin,
    );
    h.emulator.state.joinPlayer("global", "server-1", { gamer_id: "p1", gamer_name: "플레이어" });
    const groups = await h.run("channels list");
    expect(groups.table?.rows).toContainEqual({ group: "global", channels: 1, players: 1 });
    const channels = await h.run("channels list", { group: "global" });
    expect(channels.table?.rows[0]).toMatchObject({
      name: "server-1",
      players: "1/50",
      flags: "default, autoscaling",
    });
    const empty = await h.run("channels list", { group: "nope" });
    expect(empty.table?.emptyText).toBe("Group nope has no channels (or does not exist).");
  });

  it("delete asks for confirmation, then deletes every channel number of the name", async () => {
    await h.run("channels create", { group: "event", name: "arena", max_count: "1" }, admin);
    h.emulator.state.joinPlayer("event", "arena", { gamer_id: "a", gamer_name: "A" });
    h.emulator.state.joinPlayer("event", "arena", { gamer_id: "b", gamer_name: "B" });
    const numbers = h.emulator.state.listChannels("event").map((c) => c.channel_id);
    expect(numbers.length).toBeGreaterThan(1);

    const question = await h.run("channels delete", { group: "event", name: "arena" }, admin);
    expect(question.outcome).toBe("confirm");
    expect(h.emulator.state.listChannels("event")).toHaveLength(numbers.length);
    const done = await h.press(question, "Confirm", admin);
    expect(done.title).toBe("Deleted channel arena of event");
    expect(textOf(done)).toContain(`Channel numbers: ${numbers.join(", ")}`);
    expect(h.emulator.state.listChannels("event")).toEqual([]);
  });

  it("delete of a missing channel says nothing was deleted", async () => {
    const question = await h.run("channels delete", { group: "event", name: "ghost" }, admin);
    const done = await h.press(question, "Confirm", admin);
    expect(done).toMatchObject({ outcome: "warning", title: "No channel ghost in event" });
  });
});

/** A channel as the vendor's console or an earlier run left it. */
function channel(group: string, name: string, isDefault: boolean) {
  return { channel_group: group, channel_name: name, max_count: 50, is_default: isDefault };
}

/** `channels create kr <name> 50 yes`, as an admin. */
function createDefault(name: string, extra: { confirmed?: boolean } = {}) {
  return h.run(
    "channels create",
    { group: "kr", name, max_count: "50", default: "yes" },
    admin,
    extra,
  );
}

/** The group's default channels, by name, as the chat API lists them. */
function defaultsOf(group: string): string[] {
  return h.emulator.state
    .listChannels(group)
    .filter((entry) => entry.is_default)
    .map((entry) => entry.channel_name);
}

describe("the default channel of a group (issue 20, item 8)", () => {
  it("is called default in every text a command declares: summaries and argument descriptions", () => {
    const texts = h.core.runner.catalogue.all.flatMap((command) => [
      command.summary,
      ...Object.values(command.args).map((spec) => spec.description),
    ]);
    expect(texts.filter((text) => /fallback/i.test(text))).toEqual([]);
    expect(h.core.runner.find("channels create")?.args.default?.description).toBe(
      "whether it becomes its group's default channel (yes or no; no when left out)",
    );
  });

  it("create … yes asks before taking the default from another channel, and says it did", async () => {
    h.emulator.state.createChannel(channel("kr", "서버-1", true));
    const question = await createDefault("자유 채팅");
    expect(question.outcome).toBe("confirm");
    expect(question.description).toBe(
      "Make 자유 채팅 kr's default channel? 서버-1 is kr's default channel now and would no longer be. This question expires in 60 s.",
    );
    expect(h.emulator.state.hasChannel("kr", "자유 채팅")).toBe(false);
    expect(h.callsTo("PUT", "/open_channels")).toBe(0);

    const done = await h.press(question, "Confirm", admin);
    expect(done).toMatchObject({
      outcome: "success",
      title: "Created channel 자유 채팅 in kr",
      description: "서버-1 is no longer kr's default channel.",
    });
    expect(textOf(done)).toContain("Default: yes");
    expect(defaultsOf("kr")).toEqual(["자유 채팅"]);
  });

  it("create … yes cancelled leaves the default where it was", async () => {
    h.emulator.state.createChannel(channel("kr", "서버-1", true));
    const question = await createDefault("자유 채팅");
    await h.press(question, "Cancel", admin);
    expect(h.callsTo("PUT", "/open_channels")).toBe(0);
    expect(defaultsOf("kr")).toEqual(["서버-1"]);
  });

  it("create … yes confirmed up front (--yes) goes ahead and still says what changed", async () => {
    h.emulator.state.createChannel(channel("kr", "서버-1", true));
    const done = await createDefault("자유 채팅", { confirmed: true });
    expect(done.description).toBe("서버-1 is no longer kr's default channel.");
    expect(defaultsOf("kr")).toEqual(["자유 채팅"]);
  });

  it("create asks nothing when no other channel is the default, or when the new one is not", async () => {
    h.emulator.state.createChannel(channel("kr", "서버-1", false));
    const first = await createDefault("자유 채팅");
    expect(first.outcome).toBe("success");
    expect(first.description).toBeUndefined();
    const second = await h.run(
      "channels create",
      { group: "kr", name: "거래", max_count: "50", default: "no" },
      admin,
    );
    expect(second.outcome).toBe("success");
    expect(second.description).toBeUndefined();
    expect(textOf(second)).toContain("Default: no");
    expect(defaultsOf("kr")).toEqual(["자유 채팅"]);
  });

  it.each([
    [
      "서버-1",
      " 서버-1 is kr's default channel: kr will have no default channel.",
      "kr has no default channel now.",
    ],
    ["거래", "", undefined],
  ])(
    "delete of %s (the default, or not) asks and answers what becomes of kr's default",
    async (name, warning, answer) => {
      h.emulator.state.createChannel(channel("kr", "서버-1", true));
      h.emulator.state.createChannel(channel("kr", "거래", false));
      const question = await h.run("channels delete", { group: "kr", name }, admin);
      expect(question.description).toBe(
        `Delete channel ${name} of kr, with every channel number of that name?${warning} This question expires in 60 s.`,
      );
      const done = await h.press(question, "Confirm", admin);
      expect(done).toMatchObject({ outcome: "success", title: `Deleted channel ${name} of kr` });
      expect(done.description).toBe(answer);
      expect(defaultsOf("kr")).toEqual(name === "서버-1" ? [] : ["서버-1"]);
    },
  );

  it("a hostile channel name the chat API lists stays one inert line in the question and the answer", async () => {
    const hostile = "evil\u202eresu\n<@U0>@everyone";
    h.emulator.state.createChannel(channel("kr", hostile, true));
    const question = await createDefault("자유 채팅");
    const done = await h.press(question, "Confirm", admin);
    for (const view of [question, done]) {
      // The name cannot start a line of its own in the description.
      expect(view.description?.split("\n")).toHaveLength(1);
      expect(view.description).toContain("evil\ufffdresu\u240a<@U0>@everyone");
      expect(controlIn(renderView(view), true)).toBeUndefined();
    }
  });
});
