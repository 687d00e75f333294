// The client checks answers with zod-compiled schemas once they have checked enough items
// (src/chat-api/compiled-schemas.ts). Compiling must not weaken a check: for every answer schema,
// the documented samples, a sample with each kind of fault, and the documented gaps give the
// compiled schema exactly the value or the first issue that the schema as written gives.
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { schemaFor } from "../../src/chat-api/compiled-schemas.js";
import {
  badWordListSchema,
  badWordPutRequestSchema,
  banRequestSchema,
  blockedUserListSchema,
  channelGroupListSchema,
  createdChannelSchema,
  deletedChannelListSchema,
  echoOf,
  openChannelListSchema,
  reportListSchema,
  reportSchema,
  systemMessageRequestSchema,
  unbanRequestSchema,
} from "../../src/chat-api/schemas.js";
import { samples } from "../fixtures/chat-v1-samples.js";

/** A copy of `value` with the field at `path` set to `to`, or removed when `to` is undefined. */
function withField(value: unknown, path: (string | number)[], to: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  const last = path.at(-1) as string | number;
  if (to === undefined) delete target[last];
  else target[last] = to;
  return copy;
}

const [channel] = samples.listChannels;
const [report] = samples.listReports;

const cases: [string, z.ZodType, unknown][] = [
  ["groups", channelGroupListSchema, samples.listChannelGroups],
  ["groups: a number", channelGroupListSchema, [7]],
  ["channels", openChannelListSchema, samples.listChannels],
  [
    "channels: players missing, no chat yet",
    openChannelListSchema,
    [withField({ ...channel, last_chat_time: "" }, ["players"], undefined)],
  ],
  [
    "channels: a player's id a number",
    openChannelListSchema,
    withField(samples.listChannels, [0, "players", 0, "gamer_id"], 1234),
  ],
  [
    "channels: create_at not a timestamp",
    openChannelListSchema,
    withField(samples.listChannels, [0, "create_at"], "yesterday"),
  ],
  [
    "channels: last_chat_time not a timestamp",
    openChannelListSchema,
    withField(samples.listChannels, [0, "last_chat_time"], "soon"),
  ],
  ["created channel", createdChannelSchema, samples.createChannel],
  [
    "created channel: id a word",
    createdChannelSchema,
    withField(samples.createChannel, ["channel_id"], "one"),
  ],
  ["deleted channels", deletedChannelListSchema, samples.deleteChannel],
  [
    "deleted channels: id null",
    deletedChannelListSchema,
    withField(samples.deleteChannel, [0, "channel_id"], null),
  ],
  ["bans", blockedUserListSchema, samples.listBans],
  ["bans: count a string", blockedUserListSchema, withField(samples.listBans, [0, "count"], "1")],
  [
    "bans: end_time missing",
    blockedUserListSchema,
    withField(samples.listBans, [0, "end_time"], undefined),
  ],
  [
    "bans: end_time with milliseconds",
    blockedUserListSchema,
    withField(samples.listBans, [0, "end_time"], "2024-06-18T09:50:23.120Z"),
  ],
  ["ban echo", echoOf(banRequestSchema), samples.banRequest],
  [
    "ban echo: days a string",
    echoOf(banRequestSchema),
    withField(samples.banRequest, ["days"], "3"),
  ],
  [
    "ban echo: days not whole",
    echoOf(banRequestSchema),
    withField(samples.banRequest, ["days"], 1.5),
  ],
  ["ban echo: days zero", echoOf(banRequestSchema), withField(samples.banRequest, ["days"], 0)],
  [
    "unban echo: id a number",
    echoOf(unbanRequestSchema),
    withField(samples.unbanRequest, ["gamer_id"], 1234),
  ],
  ["word lists", badWordListSchema, samples.listBadWords],
  [
    "word lists: filters a string",
    badWordListSchema,
    withField(samples.listBadWords, [1, "filters"], "지엠"),
  ],
  [
    "word echo: a filter a number",
    echoOf(badWordPutRequestSchema),
    withField(samples.putBadWordsRequest, ["filters", 0], 1),
  ],
  ["reports", reportListSchema, samples.listReports],
  ["reports: extra fields", reportListSchema, [{ ...report, region: "kr", severity: 3 }]],
  ["reports: id a string", reportListSchema, withField(samples.listReports, [0, "report_id"], "1")],
  [
    "reports: to_gamer_id missing",
    reportListSchema,
    withField(samples.listReports, [0, "to_gamer_id"], undefined),
  ],
  [
    "reports: update_at empty",
    reportListSchema,
    withField(samples.listReports, [0, "update_at"], ""),
  ],
  ["report: not an object", reportSchema, "report"],
  ["report: null", reportSchema, null],
  ["system message echo", echoOf(systemMessageRequestSchema), samples.systemMessageRequest],
  [
    "system message echo: channel_id not whole",
    echoOf(systemMessageRequestSchema),
    withField(samples.systemMessageRequest, ["channel_id"], 1.5),
  ],
];

/** What a parse says, in the terms the client uses: the value, or the first issue's place and words. */
function outcome(schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { value: JSON.stringify(parsed.data) };
  const issue = parsed.error.issues[0];
  return { path: issue?.path, message: issue?.message };
}

describe("a compiled answer schema checks as the schema as written", () => {
  for (const [name, schema, value] of cases) {
    it(name, () => {
      const written = outcome(schema, value);
      const compiled = schemaFor(schema, 10_000);
      expect(compiled).not.toBe(schema);
      expect(outcome(compiled, value)).toEqual(written);
    });
  }

  it("a schema is used as written until it has checked a thousand items", () => {
    const schema = echoOf(unbanRequestSchema);
    expect(schemaFor(schema, 600)).toBe(schema);
    expect(schemaFor(schema, 400)).toBe(schema);
    expect(schemaFor(schema, 1)).not.toBe(schema);
  });
});
