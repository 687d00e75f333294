// The test control surface under /__control: what a test in another process (an end-to-end run
// of the built bot, an integrator's suite) needs to drive the emulator the way in-process tests
// drive `RunningEmulator`. Mounted only when asked for, and without a token, so never in front
// of anything real. Bodies are strict: an unknown key is a typo in a test, answered with a 400.
import { z } from "zod";
import { LOCAL_TIMESTAMP_PATTERN } from "../src/chat-api/schemas.js";
import { parseLocalTimestamp } from "../src/chat-api/time.js";
import { behaviourPatchSchema, type EmulatorBehaviour } from "./behaviour.js";
import { type FaultQueue, faultSpecSchema } from "./faults.js";
import { EMULATOR_ERROR_CODES, EmulatorRequestError, ok, parseWith } from "./http.js";
import type { RecordedRequest } from "./request-log.js";
import { Router } from "./router.js";
import type { EmulatorState } from "./state.js";

export const CONTROL_PREFIX = "/__control";

export interface ControlContext {
  state: EmulatorState;
  faults: FaultQueue;
  requests: RecordedRequest[];
  behaviour(): EmulatorBehaviour;
  setBehaviour(patch: Partial<EmulatorBehaviour>): void;
}

const localTimestamp = z.string().regex(LOCAL_TIMESTAMP_PATTERN, "expected YYYY-MM-DD HH:MM:SS");

const reportInjection = z.strictObject({
  report_id: z.number().int().min(0).optional(),
  to_gamer_id: z.string().optional(),
  to_gamer_name: z.string().optional(),
  from_gamer_id: z.string().optional(),
  from_gamer_name: z.string().optional(),
  message: z.string().optional(),
  keyword: z.string().optional(),
  reason: z.string().optional(),
  status: z.number().int().optional(),
  value: z.number().optional(),
  create_at: localTimestamp.optional(),
  update_at: localTimestamp.optional(),
});

const reportChange = z.strictObject({
  status: z.number().int(),
  value: z.number().optional(),
  update_at: localTimestamp.optional(),
});

const playerJoin = z.strictObject({
  channel_group: z.string(),
  channel_name: z.string(),
  gamer_id: z.string(),
  gamer_name: z.string(),
});

/** A ban made in the vendor's console: the API lists it like any other, the bot never made it. */
const consoleBan = z.strictObject({
  gamer_id: z.string(),
  days: z.number().int().positive(),
  mode: z.enum(["extend", "stack"]).optional(),
});

const reportIdParam = z.coerce.number().int().min(0);

export function controlRouter(context: ControlContext): Router {
  const { state, faults, requests } = context;
  /** Timestamps arrive in the form the API writes them, in the emulator's zone. */
  const instant = (text: string | undefined) =>
    text === undefined ? undefined : parseLocalTimestamp(text, state.timeZone);

  return new Router([
    {
      path: "/reports",
      methods: {
        POST: (call) => {
          const { create_at, update_at, ...fields } = parseWith(reportInjection, call.json());
          if (fields.report_id !== undefined && state.hasReport(fields.report_id)) {
            throw new EmulatorRequestError(
              409,
              EMULATOR_ERROR_CODES.reportIdTaken,
              `report_id: ${fields.report_id} already exists`,
            );
          }
          const createdAt = instant(create_at);
          return ok(
            state.injectReport({
              ...fields,
              createdAt,
              updatedAt: instant(update_at) ?? createdAt,
            }),
          );
        },
      },
    },
    {
      path: "/reports/:id",
      methods: {
        PATCH: (call, params) => {
          const reportId = parseWith(reportIdParam, params.id, "id");
          const change = parseWith(reportChange, call.json());
          const report = state.updateReport(reportId, {
            status: change.status,
            value: change.value,
            updatedAt: instant(change.update_at),
          });
          if (!report) {
            throw new EmulatorRequestError(
              404,
              EMULATOR_ERROR_CODES.reportNotFound,
              `report_id: ${reportId} does not exist`,
            );
          }
          return ok(report);
        },
      },
    },
    {
      path: "/bans",
      methods: {
        POST: (call) => {
          const ban = parseWith(consoleBan, call.json());
          return ok(state.ban(ban.gamer_id, ban.days, ban.mode ?? "extend"));
        },
      },
    },
    {
      path: "/bans/:gamer_id",
      methods: {
        DELETE: (_call, params) => ok({ lifted: state.unban(params.gamer_id ?? "") }),
      },
    },
    {
      path: "/faults",
      methods: {
        GET: () => ok(faults.pending()),
        POST: (call) => {
          faults.add(parseWith(faultSpecSchema, call.json()));
          return ok(faults.pending());
        },
        DELETE: () => {
          const cleared = faults.pending().length;
          faults.clear();
          return ok({ cleared });
        },
      },
    },
    {
      path: "/requests",
      methods: {
        GET: () => ok(requests),
        DELETE: () => {
          const cleared = requests.length;
          requests.length = 0;
          return ok({ cleared });
        },
      },
    },
    {
      path: "/behaviour",
      methods: {
        GET: () => ok(context.behaviour()),
        PATCH: (call) => {
          context.setBehaviour(parseWith(behaviourPatchSchema, call.json()));
          return ok(context.behaviour());
        },
      },
    },
    {
      path: "/players",
      methods: {
        POST: (call) => {
          const join = parseWith(playerJoin, call.json());
          const joined = state.joinPlayer(join.channel_group, join.channel_name, join);
          if (joined.outcome === "no-channel") {
            throw new EmulatorRequestError(
              404,
              EMULATOR_ERROR_CODES.channelNotFound,
              `channel_name: "${join.channel_name}" does not exist in channel_group "${join.channel_group}"`,
            );
          }
          if (joined.outcome === "full") {
            throw new EmulatorRequestError(
              409,
              EMULATOR_ERROR_CODES.channelFull,
              `channel_name: "${join.channel_name}" is full and does not autoscale`,
            );
          }
          return ok(joined.channel);
        },
      },
    },
  ]);
}
