// The feed's memory of reports: every report seen (with what it looked like), the cards that
// show them, and the message each destination holds for a card. A card is what moderators see
// and act on: one player, one or more reports, one state (open, being handled, banned,
// dismissed) with who settled it. Every method is one statement or runs inside the caller's
// transaction; nothing is kept in memory here.
import { z } from "zod";
import { type Report, reportSchema } from "../chat-api/schemas.js";
import type { Actor } from "../moderation/roles.js";
import type { Database } from "../store/db.js";

export type CardState = "open" | "handling" | "banned" | "dismissed";

export interface Card {
  id: number;
  /** The reported player's gamer_id. */
  target: string;
  openedAt: Date;
  state: CardState;
  /** Who handled it (or is handling it), and when. */
  handler: { name: string; platform: string; at: Date } | undefined;
  /** What was done, in words: "banned for 7 days", "dismissed". */
  outcome: string | undefined;
  caseNumber: number | undefined;
  /** Its reports, oldest first. */
  reports: Report[];
}

/** A claim older than this belongs to a press whose process died: it may be taken over. */
export const STALE_CLAIM_MS = 2 * 60_000;

const cardRowSchema = z.object({
  card_id: z.number(),
  target: z.string(),
  opened_at: z.number(),
  state: z.enum(["open", "handling", "banned", "dismissed"]),
  handler_name: z.string().nullable(),
  handler_platform: z.string().nullable(),
  handled_at: z.number().nullable(),
  outcome: z.string().nullable(),
  case_number: z.number().nullable(),
});
const fingerprintRowSchema = z.object({ report_id: z.number(), fingerprint: z.string() });
const bodyRowSchema = z.object({ body: z.string() });
const idRowSchema = z.object({ card_id: z.number() });
const targetRowSchema = z.object({ target: z.string(), card_id: z.number().nullable() });
const cardIdRowSchema = z.object({ card_id: z.number().nullable() });
const refRowSchema = z.object({ ref: z.string() });

/** What makes a report "changed": the fields the API moves when it handles a report. */
export function fingerprintOf(report: Report): string {
  return `${report.status}|${report.update_at}`;
}

export type ClaimResult = { ok: true } | { ok: false; card: Card };

export class ReportStore {
  private readonly statements;

  constructor(private readonly db: Database) {
    this.statements = {
      anyReport: db.prepare("SELECT 1 FROM reports LIMIT 1"),
      fingerprints: db.prepare("SELECT report_id, fingerprint FROM reports"),
      insertReport: db.prepare(
        "INSERT INTO reports (report_id, target, body, fingerprint, seen_at, card_id) VALUES (?, ?, ?, ?, ?, ?)",
      ),
      updateReport: db.prepare(
        "UPDATE reports SET body = ?, fingerprint = ? WHERE report_id = ? RETURNING card_id",
      ),
      attach: db.prepare("UPDATE reports SET card_id = ? WHERE report_id = ?"),
      reportBody: db.prepare("SELECT body FROM reports WHERE report_id = ?"),
      reportTarget: db.prepare("SELECT target, card_id FROM reports WHERE report_id = ?"),
      cardReports: db.prepare("SELECT body FROM reports WHERE card_id = ? ORDER BY report_id"),
      card: db.prepare("SELECT * FROM report_cards WHERE card_id = ?"),
      youngOpenCard: db.prepare(
        "SELECT card_id FROM report_cards WHERE target = ? AND state = 'open' AND opened_at >= ? ORDER BY card_id DESC LIMIT 1",
      ),
      unsettledCards: db.prepare(
        "SELECT card_id FROM report_cards WHERE target = ? AND state IN ('open', 'handling')",
      ),
      openCard: db.prepare(
        "INSERT INTO report_cards (target, opened_at, state) VALUES (?, ?, 'open') RETURNING card_id",
      ),
      claim: db.prepare(
        `UPDATE report_cards SET state = 'handling', handler_name = ?, handler_platform = ?, handled_at = ?
         WHERE card_id = ? AND (state = 'open' OR (state = 'handling' AND handled_at < ?))`,
      ),
      release: db.prepare(
        `UPDATE report_cards SET state = 'open', handler_name = NULL, handler_platform = NULL, handled_at = NULL
         WHERE card_id = ? AND state = 'handling'`,
      ),
      settle: db.prepare(
        `UPDATE report_cards SET state = ?, handler_name = ?, handler_platform = ?, handled_at = ?, outcome = ?, case_number = ?
         WHERE card_id = ? AND state IN ('open', 'handling')`,
      ),
      messageRef: db.prepare("SELECT ref FROM card_messages WHERE card_id = ? AND destination = ?"),
      saveMessageRef: db.prepare(
        "INSERT OR REPLACE INTO card_messages (card_id, destination, ref) VALUES (?, ?, ?)",
      ),
    };
  }

  /** True until the very first poll has recorded anything: the moment for the backfill. */
  isEmpty(): boolean {
    return this.statements.anyReport.get() === undefined;
  }

  /** Every report seen, by id, with its fingerprint: what a poll diffs against. */
  fingerprints(): Map<number, string> {
    const known = new Map<number, string>();
    for (const row of this.statements.fingerprints.iterate()) {
      const { report_id, fingerprint } = fingerprintRowSchema.parse(row);
      known.set(report_id, fingerprint);
    }
    return known;
  }

  record(report: Report, seenAt: Date, cardId: number | undefined): void {
    this.statements.insertReport.run(
      report.report_id,
      report.to_gamer_id,
      JSON.stringify(report),
      fingerprintOf(report),
      seenAt.getTime(),
      cardId ?? null,
    );
  }

  /** Stores the report as it reads now; answers the card showing it, if any. */
  update(report: Report): number | undefined {
    const row = this.statements.updateReport.get(
      JSON.stringify(report),
      fingerprintOf(report),
      report.report_id,
    );
    return row === undefined ? undefined : (cardIdRowSchema.parse(row).card_id ?? undefined);
  }

  attach(reportId: number, cardId: number): void {
    this.statements.attach.run(cardId, reportId);
  }

  report(reportId: number): Report | undefined {
    const row = this.statements.reportBody.get(reportId);
    return row === undefined ? undefined : readBody(row);
  }

  /** The player a report is against and its card, if the report was seen. */
  locate(reportId: number): { target: string; cardId: number | undefined } | undefined {
    const row = this.statements.reportTarget.get(reportId);
    if (row === undefined) return undefined;
    const { target, card_id } = targetRowSchema.parse(row);
    return { target, cardId: card_id ?? undefined };
  }

  /** The newest open card against `target` opened at or after `since`, to join. */
  youngOpenCard(target: string, since: Date): number | undefined {
    const row = this.statements.youngOpenCard.get(target, since.getTime());
    return row === undefined ? undefined : idRowSchema.parse(row).card_id;
  }

  openCard(target: string, at: Date): number {
    return idRowSchema.parse(this.statements.openCard.get(target, at.getTime())).card_id;
  }

  /** A card for a report that has none (seen before the backfill cut, or never posted). */
  cardFor(reportId: number, at: Date): number | undefined {
    const located = this.locate(reportId);
    if (!located) return undefined;
    if (located.cardId !== undefined) return located.cardId;
    const cardId = this.openCard(located.target, at);
    this.attach(reportId, cardId);
    return cardId;
  }

  card(cardId: number): Card | undefined {
    const row = this.statements.card.get(cardId);
    if (row === undefined) return undefined;
    const r = cardRowSchema.parse(row);
    return {
      id: r.card_id,
      target: r.target,
      openedAt: new Date(r.opened_at),
      state: r.state,
      handler:
        r.handler_name !== null && r.handler_platform !== null && r.handled_at !== null
          ? { name: r.handler_name, platform: r.handler_platform, at: new Date(r.handled_at) }
          : undefined,
      outcome: r.outcome ?? undefined,
      caseNumber: r.case_number ?? undefined,
      reports: this.statements.cardReports.all(cardId).map(readBody),
    };
  }

  /** Cards against `target` that nobody has settled yet. */
  unsettledCards(target: string): number[] {
    return this.statements.unsettledCards.all(target).map((row) => idRowSchema.parse(row).card_id);
  }

  /**
   * The first press wins: the card goes from open to handling in one statement. A claim left by
   * a process that died mid-action is taken over once it is STALE_CLAIM_MS old.
   */
  claim(cardId: number, actor: Actor, at: Date): ClaimResult {
    const changed = this.statements.claim.run(
      actor.displayName,
      actor.platform,
      at.getTime(),
      cardId,
      at.getTime() - STALE_CLAIM_MS,
    ).changes;
    if (changed === 1) return { ok: true };
    const card = this.card(cardId);
    if (!card) throw new Error(`card ${cardId} does not exist`);
    return { ok: false, card };
  }

  /** The action failed or was not taken: the card is open again. */
  release(cardId: number): void {
    this.statements.release.run(cardId);
  }

  /** Records who did what; a card already settled keeps its first outcome. */
  settle(
    cardId: number,
    settlement: {
      state: "banned" | "dismissed";
      actor: Pick<Actor, "displayName" | "platform">;
      at: Date;
      outcome: string;
      caseNumber: number;
    },
  ): boolean {
    return (
      this.statements.settle.run(
        settlement.state,
        settlement.actor.displayName,
        settlement.actor.platform,
        settlement.at.getTime(),
        settlement.outcome,
        settlement.caseNumber,
        cardId,
      ).changes === 1
    );
  }

  messageRef(cardId: number, destination: string): string | undefined {
    const row = this.statements.messageRef.get(cardId, destination);
    return row === undefined ? undefined : refRowSchema.parse(row).ref;
  }

  saveMessageRef(cardId: number, destination: string, ref: string): void {
    this.statements.saveMessageRef.run(cardId, destination, ref);
  }

  /** Runs `work` in one write transaction (IMMEDIATE: other processes wait, none interleaves). */
  transaction<T>(work: () => T): T {
    return this.db.transaction(work).immediate();
  }
}

function readBody(row: unknown): Report {
  return reportSchema.parse(JSON.parse(bodyRowSchema.parse(row).body));
}
