// Buttons that outlive the message they came with. A button's id says what kind it is and which
// stored question or page it belongs to (`cw:confirm:<id>`, `cw:cancel:<id>`, `cw:page:<id>`,
// `cw:choose:<id>:<n>` for the n-th answer of a choice;
// report buttons are `cw:report:…`, see report-buttons.ts); the question itself, who may answer
// it and until when, lives in the store. So a button works after a restart and from another
// process (a replica behind the same load balancer), and nothing in memory grows with uptime:
// expired rows go through an index, at most once a minute.
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { type PageTurn, pageTurnSchema } from "../catalogue/page-window.js";
import { t } from "../i18n/translate.js";
import { ExpirySweep } from "../store/expiry-sweep.js";
import type { Store } from "../store/store.js";
import type { View } from "../view/view.js";
import type { Actor } from "./roles.js";

/** Prefix of every action id, so adapters can tell ours from other components. */
export const ACTION_PREFIX = "cw:";

/** The command a question or a page turn runs again. */
export interface StoredRequest {
  command: string;
  args: Record<string, unknown>;
  page?: number;
  /** A page button's: the list as shown, and the row the page turns from. */
  turn?: PageTurn;
  /** A choice's: the argument it decides, and the value each answer gives it, in order. */
  choices?: Choices;
  /** A question asked at a report card's press: the exact report that card shows. */
  pressed?: { reportId: number; generation: number };
}

export interface Choices {
  argument: string;
  values: string[];
}

export type Decision =
  | { kind: "confirm" | "cancel" | "page" | "choose"; request: StoredRequest }
  | { kind: "refused"; view: View };

const KEPT_AFTER_EXPIRY_MS = 60_000;

const actorSchema = z.object({
  platform: z.enum(["discord", "slack", "console", "cli"]),
  id: z.string(),
  displayName: z.string(),
  role: z.enum(["anyone", "moderator", "admin"]),
});
const requestSchema = z.object({
  command: z.string(),
  args: z.record(z.string(), z.unknown()),
  page: z.number().optional(),
  turn: pageTurnSchema.optional(),
  choices: z.object({ argument: z.string(), values: z.array(z.string()) }).optional(),
  pressed: z.object({ reportId: z.number(), generation: z.number() }).optional(),
});
const rowSchema = z.object({
  kind: z.enum(["question", "page"]),
  invoker: z.string(),
  request: z.string(),
  expires_at: z.number(),
  decided_by: z.string().nullable(),
});

/** A choice's answer adds its place: `cw:choose:<id>:<n>`; the others are the id alone. */
const ID_PATTERN =
  /^cw:(?:(confirm|cancel|page):([A-Za-z0-9_-]{16})|(choose):([A-Za-z0-9_-]{16}):(\d{1,2}))$/;

const sameActor = (a: Actor, b: Actor) => a.platform === b.platform && a.id === b.id;

export class PendingActions {
  private readonly sweep;

  constructor(
    private readonly store: Store,
    private readonly now: () => number = Date.now,
  ) {
    this.sweep = new ExpirySweep(
      (before) => store.db.deleteFrom("pending_actions").where("expires_at", "<", before).execute(),
      now,
    );
  }

  /** A confirmation question: one stored row, two buttons that settle it once. */
  async ask(
    invoker: Actor,
    request: StoredRequest,
    ttlMs: number,
  ): Promise<{ confirm: string; cancel: string }> {
    const key = await this.save("question", invoker, request, ttlMs);
    return { confirm: `${ACTION_PREFIX}confirm:${key}`, cancel: `${ACTION_PREFIX}cancel:${key}` };
  }

  /** A page turn of a list: pressable by its invoker as often as wanted until it expires. */
  async page(invoker: Actor, request: StoredRequest, ttlMs: number): Promise<string> {
    return `${ACTION_PREFIX}page:${await this.save("page", invoker, request, ttlMs)}`;
  }

  /**
   * A choice between values of one argument (which of the players with a name): one stored row,
   * one button per value and a Cancel; the first press settles it, as a question's. Whoever
   * presses an answer runs `request` with that value.
   */
  async choose(
    invoker: Actor,
    request: StoredRequest,
    choices: Choices,
    ttlMs: number,
  ): Promise<{ answers: string[]; cancel: string }> {
    const key = await this.save("question", invoker, { ...request, choices }, ttlMs);
    return {
      answers: choices.values.map((_, index) => `${ACTION_PREFIX}choose:${key}:${index}`),
      cancel: `${ACTION_PREFIX}cancel:${key}`,
    };
  }

  /** Whether `id` is a question or page button (report buttons are handled elsewhere). */
  static owns(id: string): boolean {
    return ID_PATTERN.test(id);
  }

  /** What a press means: the request to run, or why nothing happens. */
  async take(
    id: string,
    actor: Actor,
    ttlMsOf: (kind: "question" | "page") => number,
  ): Promise<Decision> {
    const match = ID_PATTERN.exec(id);
    const key = match?.[2] ?? match?.[4];
    const row = key === undefined ? undefined : await this.row(key);
    if (!match || !key || row === undefined) {
      return refused(t("runner.press.expiredTitle"), t("runner.press.unknown"));
    }
    const request = requestSchema.parse(JSON.parse(row.request));
    const noun = request.choices ? "choice" : row.kind === "question" ? "confirmation" : "page";
    if (this.now() > row.expires_at) {
      const seconds = Math.round(ttlMsOf(row.kind) / 1000);
      return refused(t("runner.press.expiredTitle"), t("runner.press.expired", { noun, seconds }));
    }
    const invoker = actorSchema.parse(JSON.parse(row.invoker));
    if (!sameActor(invoker, actor)) {
      return refused(
        t("runner.press.notYoursTitle"),
        t("runner.press.notYours", { invoker: invoker.displayName, noun }),
        "denied",
      );
    }
    const kind = (match[1] ?? match[3]) as "confirm" | "cancel" | "page" | "choose";
    const chosen = kind === "choose" ? request.choices?.values[Number(match[5])] : undefined;
    if (kind === "choose" && (chosen === undefined || !request.choices)) {
      return refused(t("runner.press.expiredTitle"), t("runner.press.notAnAnswer"));
    }
    if (row.kind === "question" && !(await this.decide(key, actor))) {
      // Another press won, perhaps on another replica a moment ago: name whoever it was.
      const winner = row.decided_by ?? (await this.row(key))?.decided_by;
      return refused(
        t("runner.press.decidedTitle"),
        t("runner.press.decided", { noun, known: winner ? "yes" : "no", winner: winner ?? "" }),
      );
    }
    const { choices, ...asked } = request;
    if (kind !== "choose" || !choices || chosen === undefined) return { kind, request: asked };
    return { kind, request: { ...asked, args: { ...asked.args, [choices.argument]: chosen } } };
  }

  private async row(key: string): Promise<z.infer<typeof rowSchema> | undefined> {
    const found = await this.store.db
      .selectFrom("pending_actions")
      .select(["kind", "invoker", "request", "expires_at", "decided_by"])
      .where("id", "=", key)
      .executeTakeFirst();
    return found === undefined ? undefined : rowSchema.parse(found);
  }

  /**
   * The first answer wins: the row changes only while nobody has decided. One UPDATE … WHERE, so
   * two presses at once (two replicas, or Confirm and Cancel together) cannot both win: on
   * PostgreSQL the second waits for the first's row lock, then finds the row decided.
   */
  private async decide(key: string, actor: Actor): Promise<boolean> {
    const decided = await this.store.db
      .updateTable("pending_actions")
      .set({ decided_by: actor.displayName })
      .where("id", "=", key)
      .where("decided_by", "is", null)
      .returning("id")
      .executeTakeFirst();
    return decided !== undefined;
  }

  private async save(
    kind: "question" | "page",
    invoker: Actor,
    request: StoredRequest,
    ttlMs: number,
  ): Promise<string> {
    const now = this.now();
    // Kept a minute past expiry so a late press still hears "expired", not "unknown".
    await this.sweep.run(now - KEPT_AFTER_EXPIRY_MS);
    // 12 random bytes: unguessable, and short enough for Discord's 100-character custom ids.
    const key = randomBytes(12).toString("base64url");
    await this.store.db
      .insertInto("pending_actions")
      .values({
        id: key,
        kind,
        invoker: JSON.stringify(invoker),
        request: JSON.stringify(request),
        expires_at: now + ttlMs,
      })
      .execute();
    return key;
  }
}

/** A refused press did nothing, so it reads as an error (the one-shot CLI exits non-zero). */
function refused(title: string, description: string, outcome: View["outcome"] = "error"): Decision {
  return { kind: "refused", view: { outcome, title, description, visibility: "private" } };
}
