// The chat/v1 endpoints (spec §4) plus the vendor's POST /system_message. Bodies are checked with
// the request schemas of schemas.ts, tightened where the spec is silent on bounds (see
// docs/emulator.md); each gap the spec leaves open is answered as the current behaviour says.
import { z } from "zod";
import {
  badWordPutRequestSchema,
  banRequestSchema,
  createChannelRequestSchema,
  deleteChannelRequestSchema,
  systemMessageRequestSchema,
  unbanRequestSchema,
} from "../src/chat-api/schemas.js";
import type { EmulatorBehaviour } from "./behaviour.js";
import { EMULATOR_ERROR_CODES, EmulatorRequestError, ok, parseWith } from "./http.js";
import { type Route, Router } from "./router.js";
import type { EmulatorState } from "./state.js";

/** 100 years (not the bot's MAX_BAN_DAYS): beyond it, years could outgrow the timestamp form. */
export const LONGEST_BAN_DAYS = 36_500;

const notBlank = z.string().regex(/\S/, "must not be blank");

const createChannelBody = createChannelRequestSchema.extend({
  channel_group: notBlank,
  channel_name: notBlank,
  max_count: z.number().int().min(1),
});
const deleteChannelBody = deleteChannelRequestSchema.extend({
  channel_group: notBlank,
  channel_name: notBlank,
});
const banBody = banRequestSchema.extend({
  gamer_id: notBlank,
  days: z.number().int().min(1).max(LONGEST_BAN_DAYS),
});
const unbanBody = unbanRequestSchema.extend({ gamer_id: notBlank });
const badWordPutBody = badWordPutRequestSchema.extend({ language: notBlank });
const systemMessageBody = systemMessageRequestSchema.extend({
  channel_type: z.literal(1, { error: "must be 1: only open channels are supported" }),
  channel_group: notBlank,
  channel_name: notBlank,
});

export function chatRouter(state: EmulatorState, behaviour: () => EmulatorBehaviour): Router {
  const routes: Route[] = [
    {
      path: "/open_channel_groups",
      methods: { GET: () => ok(state.channelGroups()) },
    },
    {
      path: "/open_channels",
      methods: {
        GET: (call) => {
          const group = parseWith(
            notBlank,
            call.query.get("channel_group") ?? undefined,
            "channel_group",
          );
          return ok(state.listChannels(group));
        },
        PUT: (call) => {
          const request = parseWith(createChannelBody, call.json());
          const exists = state.hasChannel(request.channel_group, request.channel_name);
          if (exists && behaviour().createExistingChannel === "conflict") {
            throw new EmulatorRequestError(
              409,
              EMULATOR_ERROR_CODES.channelExists,
              `channel_name: "${request.channel_name}" already exists in channel_group "${request.channel_group}"`,
            );
          }
          return ok(state.createChannel(request));
        },
        DELETE: (call) => {
          const request = parseWith(deleteChannelBody, call.json());
          const deleted = state.deleteChannel(request.channel_group, request.channel_name);
          if (deleted.length === 0 && behaviour().deleteMissingChannel === "not-found") {
            throw channelNotFound(request.channel_group, request.channel_name);
          }
          return ok(deleted);
        },
      },
    },
    {
      path: "/block_user_list",
      methods: { GET: () => ok(state.listBans()) },
    },
    {
      path: "/block_user_chat",
      methods: {
        PUT: (call) => {
          const body = call.json();
          const request = parseWith(banBody, body);
          const rebanning = behaviour().rebanning;
          if (rebanning === "conflict" && state.runningBan(request.gamer_id)) {
            throw new EmulatorRequestError(
              409,
              EMULATOR_ERROR_CODES.alreadyBanned,
              `gamer_id: "${request.gamer_id}" is already banned`,
            );
          }
          // Under "conflict" only a running ban refuses; a user whose ban ended starts a new one.
          state.ban(
            request.gamer_id,
            request.days,
            rebanning === "conflict" ? "extend" : rebanning,
          );
          // The spec: "the response returns the request body as the result", verbatim.
          return ok(body);
        },
        DELETE: (call) => {
          const body = call.json();
          const request = parseWith(unbanBody, body);
          const lifted = state.unban(request.gamer_id);
          if (!lifted && behaviour().unbanMissingUser === "not-found") {
            throw new EmulatorRequestError(
              404,
              EMULATOR_ERROR_CODES.banNotFound,
              `gamer_id: "${request.gamer_id}" is not banned`,
            );
          }
          return ok(body);
        },
      },
    },
    {
      path: "/bad_word_list",
      methods: {
        GET: () => ok(state.listBadWords()),
        PUT: (call) => {
          const body = call.json();
          const request = parseWith(badWordPutBody, body);
          state.putBadWords(request.language, request.filters, behaviour().badWordPut);
          return ok(body);
        },
      },
    },
    {
      path: "/report_list",
      methods: { GET: () => ok(state.listReports()) },
    },
    {
      path: "/system_message",
      offered: () => behaviour().systemMessage === "offered",
      methods: {
        POST: (call) => {
          const body = call.json();
          const request = parseWith(systemMessageBody, body);
          if (!state.postSystemMessage(request)) {
            throw channelNotFound(request.channel_group, request.channel_name, request.channel_id);
          }
          return ok(body);
        },
      },
    },
  ];
  return new Router(routes);
}

function channelNotFound(group: string, name: string, id?: number): EmulatorRequestError {
  const number = id === undefined ? "" : ` number ${id}`;
  return new EmulatorRequestError(
    404,
    EMULATOR_ERROR_CODES.channelNotFound,
    `channel_name: "${name}"${number} does not exist in channel_group "${group}"`,
  );
}
