// Every command of the catalogue, one by one, through the same rules: a call made of its own
// arguments' examples works, the chat API failing reads as its own words, and someone without
// the role is refused. The calls come from the declarations, so a new command is covered with no
// entry here, and a command whose examples make an invalid call fails.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AnyCommand } from "../../src/catalogue/command.js";
import { moderationSettingsOf } from "../../src/catalogue/moderation-settings.js";
import { createCatalogue } from "../../src/command-list.js";
import { parseConfig } from "../../src/config.js";
import { admin, type Harness, player, startHarness } from "../helpers/core.js";
import { openChannel } from "../helpers/emulator.js";

// The catalogue the harness runs (the defaults a deployment has), read here to name the tests.
const catalogue = createCatalogue(moderationSettingsOf(parseConfig({})));

/** Each argument's example, as a moderator would type it: the fullest call of the command. */
function exampleCall(command: AnyCommand): Record<string, string> {
  return Object.fromEntries(
    Object.entries(command.args).map(([name, spec]) => [name, spec.example]),
  );
}

/**
 * Each argument's example as its schema reads it: what the handler will be given. One its schema
 * refuses is left out, so only that command's tests fail, each saying why.
 */
function parsedExamples(command: AnyCommand): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(command.args).flatMap(([name, spec]) => {
      const parsed = spec.schema.safeParse(spec.example);
      return parsed.success ? [[name, parsed.data]] : [];
    }),
  );
}

/**
 * The world the examples speak of, so the calls do their real work rather than find nothing:
 * the reports they name exist and the feed has read them (so `dismiss` settles one and `report`
 * shows its card), against a player they name; the players they name are banned (so `unban`
 * lifts a ban). Keyed on argument names, not commands: a new command whose arguments are of
 * these kinds needs nothing added.
 */
async function buildExampleWorld(h: Harness): Promise<void> {
  const commands = h.core.runner.catalogue.all;
  const examples = (argument: string) =>
    commands.flatMap((command) => {
      const parsed = parsedExamples(command);
      return argument in parsed ? [parsed[argument]] : [];
    });
  const players = [...new Set(examples("gamer_id").map(String))];
  for (const gamerId of players) h.emulator.state.ban(gamerId, 3);
  for (const reportId of new Set(examples("report_id").map(Number))) {
    const report = h.emulator.state.injectReport({ report_id: reportId, to_gamer_id: players[0] });
    await h.core.reports.record(report, new Date(), undefined);
  }
}

/**
 * What a command that removes something, or acts in it, must find first: the channel or the words
 * its examples name. The commands that add them need them absent (the chat API refuses a second
 * channel of a name), so this is not part of the world. A new command needs an entry only if it
 * removes something or acts in a channel.
 */
const mustExist: Record<
  string,
  (h: Harness, args: Record<string, unknown>) => void | Promise<void>
> = {
  "channels delete": (h, { group, name }) => {
    h.emulator.state.createChannel({
      channel_group: String(group),
      channel_name: String(name),
      max_count: 10,
      is_default: false,
    });
  },
  announce: (h, { group, channel }) => openChannel(h.emulator, String(group), String(channel)),
  "badwords remove": (h, { language, words }) => {
    h.emulator.state.putBadWords(
      String(language),
      Array.isArray(words) ? words.map(String) : [],
      "replace",
    );
  },
  // Its fullest call releases the report: the presser must have taken it.
  take: async (h, { report_id }) => {
    await h.run("take", { report_id: String(report_id) }, admin);
  },
};

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
  await buildExampleWorld(h);
});
afterEach(() => h.close());

describe("every command", () => {
  it("has examples its own arguments accept", () => {
    const refused = catalogue.all.flatMap((command) =>
      Object.entries(command.args).flatMap(([name, spec]) => {
        const parsed = spec.schema.safeParse(spec.example);
        return parsed.success
          ? []
          : [`${command.name} ${name}: ${parsed.error.issues[0]?.message}`];
      }),
    );
    expect(refused).toEqual([]);
  });

  for (const command of catalogue.all) {
    const { name } = command;
    const args = exampleCall(command);
    const prepare = () => mustExist[name]?.(h, parsedExamples(command));

    it(`${name}: the call its examples make succeeds`, async () => {
      await prepare();
      const view = await h.run(name, args, admin, { confirmed: true });
      expect(["success", "info", "warning"], `${view.title}: ${view.description}`).toContain(
        view.outcome,
      );
    });

    it(`${name}: a chat API failure reads as the API's words`, async () => {
      await prepare();
      h.emulator.faults.add({
        respond: {
          status: 500,
          body: JSON.stringify({ message: "maintenance", code: 500001, error: true }),
        },
        times: 10,
      });
      const before = h.emulator.requests.length;
      const view = await h.run(name, args, admin, { confirmed: true });
      // `reports --open` answers from the feed's record too; the player lookup before it reads
      // the chat API's lists, and one it cannot read leaves the answer standing (player-lookup.ts).
      const fromRecord = name === "reports" && "open" in args;
      if (h.emulator.requests.length === before || fromRecord) {
        // It asked the chat API nothing (help; dismiss and report work from the feed's record).
        expect(view.outcome, `${view.title}: ${view.description}`).not.toBe("error");
        return;
      }
      expect(view.outcome, `${view.title}: ${view.description}`).toBe("error");
      expect(view.description).toMatch(
        /^The chat API answered (GET|PUT|DELETE) \/\w+ with HTTP 500: maintenance \(500001\)/,
      );
    });

    it.skipIf(command.role === "anyone")(
      `${name}: refused to someone without the role, nothing sent`,
      async () => {
        await prepare();
        const before = h.emulator.requests.length;
        const view = await h.run(name, args, player, { confirmed: true });
        expect(view.outcome).toBe("denied");
        expect(h.emulator.requests.length).toBe(before);
      },
    );
  }
});

describe("report, for a report the feed has not read yet", () => {
  const reportId = "9001";

  it("shows it as the chat API has it", async () => {
    h.emulator.state.injectReport({ report_id: Number(reportId), to_gamer_id: "unread-1" });
    const view = await h.run("report", { report_id: reportId }, admin);
    expect(view.title).toBe("Report #9001 against a0 (unread-1)");
    expect(view.description).toMatch(/^The report feed has not read this report yet/);
  });

  it("reads a chat API failure as the API's words", async () => {
    h.emulator.faults.add({
      respond: {
        status: 500,
        body: JSON.stringify({ message: "maintenance", code: 500001, error: true }),
      },
      times: 10,
    });
    const view = await h.run("report", { report_id: reportId }, admin);
    expect(view.outcome).toBe("error");
    expect(view.description).toMatch(/^The chat API answered GET \/report_list with HTTP 500/);
  });
});
