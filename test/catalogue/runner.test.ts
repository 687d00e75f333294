// The runner's shared rules: REQUIRE_REASON, unknown commands, unexpected failures, help,
// a command added to the catalogue, and cases that outlive the process.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gamerIdArgument } from "../../src/catalogue/arguments.js";
import { defineCommand } from "../../src/catalogue/command.js";
import { itemTable } from "../../src/catalogue/item-table.js";
import { PAGE_SIZE } from "../../src/catalogue/runner.js";
import { admin, moderator, player, startHarness, textOf } from "../helpers/core.js";

describe("runner", () => {
  it("REQUIRE_REASON: bans and unbans without a reason are refused before any call", async () => {
    const h = await startHarness({ config: { requireReason: true } });
    try {
      await h.see("r-1");
      const view = await h.run("ban", { gamer_id: "r-1", days: "1" });
      expect(view).toMatchObject({
        outcome: "error",
        description:
          "reason is required: why, for the case record and the audit channel, e.g. spam in global chat (usage: ban <gamer_id> <days> --reason R)",
      });
      expect(h.callsTo("PUT", "/block_user_chat")).toBe(0);
      expect((await h.run("unban", { gamer_id: "r-1" })).outcome).toBe("error");
      expect((await h.run("ban", { gamer_id: "r-1", days: "1", reason: "spam" })).outcome).toBe(
        "success",
      );
      // Lists need no reason.
      expect((await h.run("bans")).outcome).toBe("info");
    } finally {
      await h.close();
    }
  });

  it("an unknown command and an unexpected failure read as one plain sentence", async () => {
    const exploding = defineCommand({
      name: "explode",
      summary: "Fails in an unexpected way",
      args: {},
      role: "moderator",
      mutates: true,
      handle: async () => {
        throw new TypeError("cannot read properties of undefined");
      },
    });
    const h = await startHarness({ extraCommands: [exploding] });
    try {
      expect((await h.run("kick")).description).toBe('There is no command "kick". Try help.');
      const view = await h.run("explode");
      expect(view.description).toBe(
        "Something went wrong inside chatwarden; the details are in its log.",
      );
      expect(textOf(view)).not.toContain("TypeError");
      expect((await h.core.cases.recent(1))[0]).toMatchObject({
        command: "explode",
        outcome: "failed",
      });
    } finally {
      await h.close();
    }
  });

  it("a command added to the catalogue runs with the same rules, no other change", async () => {
    const warn = defineCommand({
      name: "warn",
      summary: "Send a player a warning",
      args: { gamer_id: gamerIdArgument("the player to warn") },
      role: "moderator",
      mutates: true,
      target: ({ gamer_id }) => gamer_id,
      handle: async ({ gamer_id }) => ({
        outcome: "success",
        title: `Warned ${gamer_id}`,
        visibility: "public",
      }),
    });
    const h = await startHarness({ extraCommands: [warn] });
    try {
      // Its player argument is read as every command's: a player never seen is asked about.
      const unseen = await h.run("warn", { gamer_id: "w-1" });
      expect(unseen.description).toBe(
        "w-1 has never appeared in a report, a channel or a ban: warn anyway? This question expires in 60 s.",
      );
      expect((await h.press(unseen, "Confirm")).title).toBe("Warned w-1");
      await h.see("w-2=Wendy");
      expect((await h.run("warn", { gamer_id: "wendy" })).title).toBe("Warned w-2");
      expect((await h.run("warn", { gamer_id: "w 1" })).description).toBe(
        "No player named w 1 has been seen in a report, a channel or a ban, and it is no gamer_id (those are 1-64 visible characters with no spaces)",
      );
      expect((await h.run("warn", { gamer_id: "w-1" }, player)).outcome).toBe("denied");
      expect((await h.core.cases.forTarget("w-1")).map((entry) => entry.outcome)).toEqual([
        "denied",
        "success",
      ]);
      expect(textOf(await h.run("help"))).toContain("warn <gamer_id> | Send a player a warning");
    } finally {
      await h.close();
    }
  });

  it("a list given as items makes rows only for the page shown, the same page as rows would", async () => {
    const made: number[] = [];
    const numbers = Array.from({ length: PAGE_SIZE * 3 + 4 }, (_, index) => index + 1);
    const count = defineCommand({
      name: "count",
      summary: "Count to a few dozen",
      args: {},
      role: "moderator",
      mutates: false,
      handle: async () => ({
        outcome: "info",
        title: "Numbers",
        visibility: "private",
        table: itemTable({
          columns: [{ key: "n", label: "N" }],
          emptyText: "None.",
          items: numbers,
          row: (n) => {
            made.push(n);
            return { n };
          },
        }),
      }),
    });
    const h = await startHarness({ extraCommands: [count] });
    try {
      const second = await h.run("count", {}, moderator, { page: 2 });
      expect(second.page).toEqual({ number: 2, count: 4 });
      expect(second.table?.rows).toEqual(
        numbers.slice(PAGE_SIZE, PAGE_SIZE * 2).map((n) => ({ n })),
      );
      expect(made).toEqual(numbers.slice(PAGE_SIZE, PAGE_SIZE * 2));
      expect(second.actions?.map((action) => action.label)).toEqual(["Previous page", "Next page"]);
      const last = await h.press(second, "Next page");
      expect((await h.press(last, "Next page")).table?.rows).toEqual([
        { n: 31 },
        { n: 32 },
        { n: 33 },
        { n: 34 },
      ]);
    } finally {
      await h.close();
    }
  });

  it("help lists every command with its usage, and explains one", async () => {
    const h = await startHarness();
    try {
      const all = await h.run("help", {}, player);
      expect(all.table?.rows.map((row) => row.usage)).toEqual([
        "announce <group> <channel> <message>",
        "badwords add <language> <words...>",
        "badwords list [language]",
        "badwords remove <language> <words...>",
        "ban <gamer_id> <days> [--reason R]",
        "bans [gamer_id]",
        "channels create <group> <name> <max_count> [default]",
        "channels delete <group> <name>",
        "channels list [group]",
        "dismiss <report_id> [--reason R] [--only]",
        "filter <report_id> <language> <words...>",
        "help [command]",
        "history <gamer_id>",
        "report <report_id>",
        "reports [gamer_id] [limit] [--open]",
        "stats [period]",
        "take <report_id> [--release]",
        "unban <gamer_id> [--reason R]",
      ]);
      expect(all.table?.rows[0]?.role).toBe("admins (not you)");
      expect(all.table?.rows[4]?.role).toBe("moderators (not you)");
      const channels = textOf(await h.run("help", { command: "channels" }, admin));
      expect(channels).toContain(
        "channels delete <group> <name>: Delete an open channel (every channel number of that name). Role: admin.",
      );
      expect(channels).toContain("max_count: most players in one channel number, e.g. 50");
      // An optional argument says so by its name, and an example the description already
      // gives is not repeated.
      expect(channels).toContain(
        "default (optional): whether it becomes its group's default channel (yes or no; no when left out)\n",
      );
      expect(textOf(await h.run("help", { command: "badwords" }, admin))).toContain(
        "language: all, or a language's culture code, e.g. ko-kr\n",
      );
      expect(await h.run("help", { command: "kick" })).toMatchObject({
        outcome: "error",
        title: 'No command "kick"',
        description:
          "Try one of announce, badwords, ban, bans, channels, dismiss, filter, help, history, report, reports, stats, take or unban.",
      });
    } finally {
      await h.close();
    }
  });

  it("cases survive a restart: a new core on the same DATA_DIR still has them", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "chatwarden-restart-"));
    const first = await startHarness({ dataDir });
    await first.see("persist-1");
    await first.run("ban", { gamer_id: "persist-1", days: "2", reason: "spam" });
    const [before] = await first.core.cases.forTarget("persist-1");
    await first.close();

    const second = await startHarness({ dataDir });
    try {
      expect(await second.core.cases.forTarget("persist-1")).toEqual([before]);
      await second.run("unban", { gamer_id: "persist-1" }, moderator);
      const numbers = (await second.core.cases.forTarget("persist-1")).map((entry) => entry.number);
      expect(numbers).toEqual([(before?.number ?? 0) + 1, before?.number]);
    } finally {
      await second.close();
    }
  });
});
