// The chat/v1 payloads (chat-v1-spec.md §2 and §4, shapes from chat-v1-samples.md), as zod
// schemas. This file is the single source of the API's types: the client validates every
// request and response with them, the emulator builds its answers from the same types.
//
// Objects are loose: a real deployment may add fields, and the bot must not break on them.
// What the spec calls a required field is required and typed; where the samples list a gap the
// bot must survive (`players` missing, `last_chat_time` empty) the schema says so explicitly.
import { z } from "zod";

/** `YYYY-MM-DD HH:MM:SS`, in the zone CHAT_TIMEZONE names (the spec leaves the zone open). */
export const LOCAL_TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
/** `YYYY-MM-DDTHH:MM:SSZ`, the ban timestamps; always UTC. */
export const UTC_TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

const localTimestamp = z.string().regex(LOCAL_TIMESTAMP_PATTERN, "expected YYYY-MM-DD HH:MM:SS");
const utcTimestamp = z.string().regex(UTC_TIMESTAMP_PATTERN, "expected YYYY-MM-DDTHH:MM:SSZ");

// ---- channels --------------------------------------------------------------------------------

export const channelGroupListSchema = z.array(z.string());

export const playerSchema = z.looseObject({
  gamer_id: z.string(),
  gamer_name: z.string(),
});

export const openChannelSchema = z.looseObject({
  channel_name: z.string(),
  channel_id: z.number(),
  max_count: z.number(),
  is_default: z.boolean(),
  is_autoscaling: z.boolean(),
  // Documented gap: a deployment may leave `players` out; an absent list means nobody is in.
  players: z.array(playerSchema).optional().default([]),
  // Documented gap: empty for a channel nobody has chatted in yet.
  last_chat_time: z
    .union([localTimestamp, z.literal("")])
    .optional()
    .default(""),
  create_at: localTimestamp,
});
export const openChannelListSchema = z.array(openChannelSchema);

export const createChannelRequestSchema = z.object({
  channel_group: z.string(),
  channel_name: z.string(),
  max_count: z.number(),
  is_default: z.boolean(),
});

export const createdChannelSchema = z.looseObject({
  channel_group: z.string(),
  channel_name: z.string(),
  channel_id: z.number(),
  max_count: z.number(),
  is_default: z.boolean(),
  create_at: localTimestamp,
});

export const deleteChannelRequestSchema = z.object({
  channel_group: z.string(),
  channel_name: z.string(),
});

/** An autoscaled channel name stands for several channel numbers, so deletion answers a list. */
export const deletedChannelListSchema = z.array(
  z.looseObject({
    channel_group: z.string(),
    channel_name: z.string(),
    channel_id: z.number(),
  }),
);

// ---- bans ------------------------------------------------------------------------------------

export const blockedUserSchema = z.looseObject({
  gamer_id: z.string(),
  count: z.number(),
  start_time: utcTimestamp,
  end_time: utcTimestamp,
});
export const blockedUserListSchema = z.array(blockedUserSchema);

export const banRequestSchema = z.object({
  gamer_id: z.string(),
  days: z.number().int().positive(),
});
export const unbanRequestSchema = z.object({
  gamer_id: z.string(),
});

// ---- profanity lists -------------------------------------------------------------------------

export const badWordEntrySchema = z.looseObject({
  language: z.string(),
  filters: z.array(z.string()),
});
export const badWordListSchema = z.array(badWordEntrySchema);

export const badWordPutRequestSchema = z.object({
  language: z.string(),
  filters: z.array(z.string()),
});

// ---- reports ---------------------------------------------------------------------------------

export const reportSchema = z.looseObject({
  report_id: z.number(),
  to_gamer_id: z.string(),
  to_gamer_name: z.string(),
  from_gamer_id: z.string(),
  from_gamer_name: z.string(),
  message: z.string(),
  keyword: z.string(),
  reason: z.string(),
  status: z.number(),
  value: z.number(),
  update_at: localTimestamp,
  create_at: localTimestamp,
});
export const reportListSchema = z.array(reportSchema);

// ---- system message (documented by the vendor, not in the spec) ------------------------------

export const systemMessageRequestSchema = z.object({
  channel_type: z.number().int(),
  channel_group: z.string(),
  channel_name: z.string(),
  channel_id: z.number().int(),
  message: z.string(),
});

// ---- echoes and errors -----------------------------------------------------------------------

/**
 * PUT/DELETE /block_user_chat, PUT /bad_word_list and POST /system_message answer 200 with the
 * request body echoed. Fields beyond the echo are not documented, so they are tolerated.
 */
export function echoOf<Shape extends z.ZodRawShape>(request: z.ZodObject<Shape>) {
  return z.looseObject(request.shape);
}

/** The one documented error shape (spec §7): exactly message, code and error. */
export const apiErrorBodySchema = z.object({
  message: z.string(),
  code: z.number(),
  error: z.boolean(),
});

export const CREDENTIALS_ERROR_CODE = 400701;
export const CREDENTIALS_ERROR_BODY = {
  message: "There is a problem with the user credentials.",
  code: CREDENTIALS_ERROR_CODE,
  error: true,
} as const satisfies z.infer<typeof apiErrorBodySchema>;

// ---- types -----------------------------------------------------------------------------------

export type Player = z.infer<typeof playerSchema>;
export type OpenChannel = z.infer<typeof openChannelSchema>;
export type CreateChannelRequest = z.infer<typeof createChannelRequestSchema>;
export type CreatedChannel = z.infer<typeof createdChannelSchema>;
export type DeleteChannelRequest = z.infer<typeof deleteChannelRequestSchema>;
export type DeletedChannel = z.infer<typeof deletedChannelListSchema>[number];
export type BlockedUser = z.infer<typeof blockedUserSchema>;
export type BanRequest = z.infer<typeof banRequestSchema>;
export type UnbanRequest = z.infer<typeof unbanRequestSchema>;
export type BadWordEntry = z.infer<typeof badWordEntrySchema>;
export type BadWordPutRequest = z.infer<typeof badWordPutRequestSchema>;
export type Report = z.infer<typeof reportSchema>;
export type SystemMessageRequest = z.infer<typeof systemMessageRequestSchema>;
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
