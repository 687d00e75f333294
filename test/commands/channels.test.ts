// channels list, create and delete through the catalogue.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
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
    expect(textOf(view)).toContain("Fallback: yes");
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
