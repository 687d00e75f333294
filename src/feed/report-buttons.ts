// The buttons of a report card. Their ids carry everything (`cw:report:<report_id>:<verb>`, the
// verb `ban<days>` for a ban of that many days (the ladder's suggestion: `ban30`), and
// `cw:report:<report_id>~<generation>:<verb>` for a report whose id the chat API had given out
// before to another player: report-store.ts), so a button acts on exactly the report, and the
// player, its card shows. Everything else is read at the press: the presser's role (through the
// runner), the card's state (from the store). So they work for days, after restarts, and on every
// platform. A ban press is an atomic claim on the card (on every replica sharing the store): the
// first press wins and runs the ban through the runner (a case, its audit post, and the card
// settled in the same transaction); a later press on any platform hears who handled it. The claim
// is a lease (report-store.ts): a press whose process dies, or whose end the store could not
// record, holds the card no longer than an action can take.

import { displayMinute } from "../i18n/display-time.js";
import { t } from "../i18n/translate.js";
import { actorShown } from "../moderation/case-words.js";
import type { Actor } from "../moderation/roles.js";
import { hasRole } from "../moderation/roles.js";
import type { View } from "../view/view.js";
import { outcomeText } from "./card-outcome.js";
import { holds } from "./card-takes.js";
import type { Card, ReportKey, ReportStore } from "./report-store.js";

/**
 * `ban7`: ban for 7 days (cards posted before the ladder carry `ban1` and `ban7`, read alike).
 * `only`: dismiss this report alone (an option of the card's "Dismiss one report…" menu).
 * `take`: take the card, or release it when the presser holds it (card-takes.ts).
 */
export type ReportVerb = `ban${number}` | "dismiss" | "only" | "history" | "take";

const PREFIX = "cw:report:";

/**
 * The id of a card's "Dismiss one report…" menu: the platforms name a menu, but what a choice
 * does is in its option's id (`cw:report:<report_id>:only`), so the menu's own id acts on nothing.
 */
export const DISMISS_ONE_MENU = `${PREFIX}dismiss-one`;
const ID_PATTERN =
  /^cw:report:(\d{1,15})(?:~([1-9]\d{0,5}))?:(ban[1-9]\d{0,5}|dismiss|only|history|take)$/;

/** Generation 0 reads as before generations existed, so buttons posted then still work. */
export function reportButtonId(key: ReportKey, verb: ReportVerb): string {
  const generation = key.generation === 0 ? "" : `~${key.generation}`;
  return `${PREFIX}${key.reportId}${generation}:${verb}`;
}

function parseReportButtonId(id: string): { key: ReportKey; verb: ReportVerb } | undefined {
  const match = ID_PATTERN.exec(id);
  if (!match) return undefined;
  return {
    key: { reportId: Number(match[1]), generation: Number(match[2] ?? 0) },
    verb: match[3] as ReportVerb,
  };
}

/**
 * Runs a catalogue command as the presser, through the runner (roles, cases, audit), on the
 * pressed card's report: a `report_id` it names means that report, not the newest with the id.
 */
export type RunAsPresser = (
  command: string,
  args: Record<string, unknown>,
  pressed: ReportKey,
) => Promise<View>;

export class ReportButtons {
  constructor(
    private readonly store: ReportStore,
    private readonly now: () => Date,
  ) {}

  static owns(id: string): boolean {
    return id.startsWith(PREFIX);
  }

  async press(id: string, actor: Actor, run: RunAsPresser): Promise<View> {
    const parsed = parseReportButtonId(id);
    const located = parsed && (await this.store.locate(parsed.key));
    if (!parsed || !located) {
      return notice("error", t("cards.press.unknownTitle"), t("cards.press.unknownButton"));
    }
    const { key, verb } = parsed;
    const { reportId } = key;
    if (verb === "history") return run("history", { gamer_id: located.target }, key);
    if (verb === "take") return privately(await this.take(key, located.cardId, actor, run));
    if (verb === "dismiss" || verb === "only") {
      const only = verb === "only";
      return privately(await run("dismiss", { report_id: String(reportId), only }, key));
    }

    // The days the button said, checked by the ban command as typed days are (MAX_BAN_DAYS).
    const days = verb.slice("ban".length);
    const args = { gamer_id: located.target, days, reason: `report #${reportId}` };
    // Someone without the role is refused (and the refusal recorded) before anything is claimed.
    if (!hasRole(actor, "moderator")) return run("ban", args, key);
    const cardId = await this.store.cardFor(key, this.now());
    if (cardId === undefined) {
      return notice(
        "error",
        t("cards.press.unknownTitle"),
        t("cards.press.noReport", { reportId }),
      );
    }
    const claimedAt = this.now();
    const claim = await this.store.claim(cardId, actor, claimedAt);
    if (!claim.ok) return alreadyHandled(claim.card);
    let view: View;
    try {
      view = await run("ban", args, key);
    } catch (error) {
      await this.store.releaseOrOwe(cardId, actor, claimedAt);
      throw error;
    }
    // A ban done settles the card with its case, now or, when the store could not record the
    // case, once it answers again (the claim holds the card meanwhile, within its lease).
    // Anything else leaves the card open again.
    if (!DONE.has(view.outcome)) await this.store.releaseOrOwe(cardId, actor, claimedAt);
    return privately(view);
  }

  /**
   * Take on a card takes it; pressed by the moderator who holds it, it releases it instead. Only
   * read here (the command makes a card for a report that has none, once the role is checked).
   */
  private async take(
    key: ReportKey,
    cardId: number | undefined,
    actor: Actor,
    run: RunAsPresser,
  ): Promise<View> {
    const card = cardId === undefined ? undefined : await this.store.card(cardId);
    const release = holds(card?.taken, actor);
    return run("take", { report_id: String(key.reportId), ...(release ? { release } : {}) }, key);
  }
}

/** Outcomes of a ban that reached the chat API (a warning: it answered, but not as asked). */
const DONE: ReadonlySet<View["outcome"]> = new Set(["success", "warning"]);

/** "Already handled": "Handled by Mina on discord, 2026-11-21 10:00 UTC: banned for 7 days (case #4)." */
export function alreadyHandled(card: Card): View {
  const handler = card.handler;
  const who = {
    handled: handler ? "yes" : "no",
    name: handler ? actorShown({ platform: handler.platform, actorName: handler.name }) : "",
    platform: handler?.platform ?? "",
    at: handler ? displayMinute(handler.at) : "",
  };
  if (card.state === "handling") {
    const lapses = card.claimEndsAt ? "yes" : "no";
    const until = card.claimEndsAt ? displayMinute(nextMinute(card.claimEndsAt)) : "";
    return notice(
      "warning",
      t("cards.press.beingHandledTitle"),
      t("cards.press.beingHandled", { ...who, lapses, until }),
    );
  }
  return notice(
    "warning",
    t("cards.press.alreadyHandledTitle"),
    t("cards.press.alreadyHandled", {
      ...who,
      // Stored in English (settlement.ts), said in the reader's language.
      hasOutcome: card.outcome ? "yes" : "no",
      outcome: card.outcome ? outcomeText(card.outcome, card.state) : "",
      hasCase: card.caseNumber === undefined ? "no" : "yes",
      caseNumber: card.caseNumber ?? "",
    }),
  );
}

/** The first whole minute at or after `instant`: a time said to the minute is never too early. */
function nextMinute(instant: Date): Date {
  return new Date(Math.ceil(instant.getTime() / 60_000) * 60_000);
}

/** A press is answered to the presser alone: the card itself shows everyone the outcome. */
function privately(view: View): View {
  return { ...view, visibility: "private" };
}

function notice(outcome: View["outcome"], title: string, description: string): View {
  return { outcome, title, description, visibility: "private" };
}
