// Every sample of chat-v1-samples.md, served verbatim over HTTP, comes out of the client
// unchanged; every mistyped or missing required field is refused with a message naming it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator/server.js";
import type { ChatApiClient } from "../../src/chat-api/client.js";
import { ChatApiSchemaError } from "../../src/chat-api/errors.js";
import { samples } from "../fixtures/chat-v1-samples.js";
import { clientFor, startTestEmulator } from "../helpers/emulator.js";

let emulator: RunningEmulator;
let client: ChatApiClient;

beforeAll(async () => {
  emulator = await startTestEmulator();
  client = clientFor(emulator.baseUrl);
});
afterAll(async () => {
  await client.close();
  await emulator.close();
});

/** Makes the emulator answer the next matching call with exactly this body. */
function serve(method: string, path: string, body: unknown) {
  emulator.faults.add({ method, path, respond: { status: 200, body: JSON.stringify(body) } });
}

interface Endpoint {
  method: string;
  path: string;
  sample: unknown;
  invoke: (client: ChatApiClient) => Promise<unknown>;
}

const endpoints: Record<string, Endpoint> = {
  listChannelGroups: {
    method: "GET",
    path: "/open_channel_groups",
    sample: samples.listChannelGroups,
    invoke: (c) => c.listChannelGroups(),
  },
  listChannels: {
    method: "GET",
    path: "/open_channels",
    sample: samples.listChannels,
    invoke: (c) => c.listChannels("global"),
  },
  createChannel: {
    method: "PUT",
    path: "/open_channels",
    sample: samples.createChannel,
    invoke: (c) => c.createChannel(samples.createChannelRequest),
  },
  deleteChannel: {
    method: "DELETE",
    path: "/open_channels",
    sample: samples.deleteChannel,
    invoke: (c) => c.deleteChannel(samples.deleteChannelRequest),
  },
  listBans: {
    method: "GET",
    path: "/block_user_list",
    sample: samples.listBans,
    invoke: (c) => c.listBans(),
  },
  banUser: {
    method: "PUT",
    path: "/block_user_chat",
    sample: samples.banRequest,
    invoke: (c) => c.banUser(samples.banRequest),
  },
  unbanUser: {
    method: "DELETE",
    path: "/block_user_chat",
    sample: samples.unbanRequest,
    invoke: (c) => c.unbanUser(samples.unbanRequest),
  },
  listBadWords: {
    method: "GET",
    path: "/bad_word_list",
    sample: samples.listBadWords,
    invoke: (c) => c.listBadWords(),
  },
  putBadWords: {
    method: "PUT",
    path: "/bad_word_list",
    sample: samples.putBadWordsRequest,
    invoke: (c) => c.putBadWords(samples.putBadWordsRequest),
  },
  listReports: {
    method: "GET",
    path: "/report_list",
    sample: samples.listReports,
    invoke: (c) => c.listReports(),
  },
  postSystemMessage: {
    method: "POST",
    path: "/system_message",
    sample: samples.systemMessageRequest,
    invoke: (c) => c.postSystemMessage(samples.systemMessageRequest),
  },
};

describe("documented samples", () => {
  for (const [name, endpoint] of Object.entries(endpoints)) {
    it(`${name}: ${endpoint.method} ${endpoint.path} parses unchanged`, async () => {
      serve(endpoint.method, endpoint.path, endpoint.sample);
      await expect(endpoint.invoke(client)).resolves.toEqual(endpoint.sample);
    });
  }

  it("tolerates unknown extra fields and keeps them", async () => {
    const [report] = samples.listReports;
    const withExtras = [{ ...report, region: "kr", severity: 3 }];
    serve("GET", "/report_list", withExtras);
    await expect(client.listReports()).resolves.toEqual(withExtras);
  });

  it("survives a channel with players missing and last_chat_time empty", async () => {
    const [channel] = samples.listChannels;
    const { players: _players, ...withoutPlayers } = { ...channel, last_chat_time: "" };
    serve("GET", "/open_channels", [withoutPlayers]);
    const [parsed] = await client.listChannels("global");
    expect(parsed?.players).toEqual([]);
    expect(parsed?.last_chat_time).toBe("");
  });
});

/** A copy of a sample with one field changed, addressed by a path like ["0", "report_id"]. */
function mutate(sample: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(sample) as Record<string | number, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  const last = path.at(-1) as string | number;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return copy;
}

describe("a mistyped or missing field is refused, naming the field", () => {
  const cases: [string, (string | number)[], unknown, string][] = [
    ["listChannelGroups", [0], 7, "[0]"],
    ["listChannels", [0, "channel_id"], "1", "[0].channel_id"],
    ["listChannels", [0, "players", 0, "gamer_id"], 1234, "[0].players[0].gamer_id"],
    ["listChannels", [0, "create_at"], "yesterday", "[0].create_at"],
    ["createChannel", ["channel_id"], "one", "channel_id"],
    ["deleteChannel", [0, "channel_id"], null, "[0].channel_id"],
    ["listBans", [0, "count"], "1", "[0].count"],
    ["listBans", [0, "end_time"], undefined, "[0].end_time"],
    ["banUser", ["days"], "3", "days"],
    ["unbanUser", ["gamer_id"], 1234, "gamer_id"],
    ["listBadWords", [1, "filters"], "지엠", "[1].filters"],
    ["putBadWords", ["filters", 0], 1, "filters[0]"],
    ["listReports", [0, "report_id"], "1", "[0].report_id"],
    ["listReports", [0, "to_gamer_id"], undefined, "[0].to_gamer_id"],
    ["postSystemMessage", ["channel_id"], "1", "channel_id"],
  ];
  for (const [name, path, value, field] of cases) {
    it(`${name}: ${field}`, async () => {
      const endpoint = endpoints[name] as Endpoint;
      serve(endpoint.method, endpoint.path, mutate(endpoint.sample, path, value));
      const failure = await endpoint.invoke(client).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ChatApiSchemaError);
      expect((failure as ChatApiSchemaError).field).toBe(field);
      expect((failure as Error).message).toContain(
        `answer to ${endpoint.method} ${endpoint.path} is not what the spec documents: ${field}: `,
      );
    });
  }

  it("a write whose 200 is not the echo says the change may have been applied", async () => {
    serve("PUT", "/block_user_chat", { ok: true });
    await expect(client.banUser({ gamer_id: "1234", days: 3 })).rejects.toThrow(
      "gamer_id: Invalid input: expected string, received undefined; the change may have been applied, check before trying again",
    );
  });
});
