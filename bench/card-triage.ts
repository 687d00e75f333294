// What triage costs a card whose player has a long record (issue 22: nothing moves off the hot
// path): the card of a player with 10,000 earlier reports (a hundred of them in the last 24 h),
// 10,000 earlier cases (half of them bans) and 2,000 dismissed cards, rendered as every post and
// edit of a card renders it (`ReportStore.card`, `Triage.assess`, the card's view), against the
// card of a player with none, on one store holding both; on SQLite and on PostgreSQL (a database
// of its own). Triage reads each of its inputs along an index and stops at a cap (feed/triage.ts,
// moderation/ban-record.ts), so the two should cost the same: target ≤ 1.2×.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import type { Report } from "../src/chat-api/schemas.js";
import { parseConfig } from "../src/config.js";
import { cardView } from "../src/feed/report-card.js";
import { ReportStore } from "../src/feed/report-store.js";
import { Triage } from "../src/feed/triage.js";
import { BanRecord } from "../src/moderation/ban-record.js";
import { openStore } from "../src/store/open-store.js";
import type { Store } from "../src/store/store.js";
import { type Comparison, compare } from "./measure.js";
import { freshDatabase } from "./postgres.js";

const AT = Date.UTC(2026, 10, 22, 12, 0, 0);
const DAY_MS = 86_400_000;
const EARLIER = 10_000;
const DISMISSED_CARDS = 2_000;
const ROWS_PER_INSERT = 500;

function report(reportId: number, target: string, reporter: string, keyword: string): Report {
  return {
    report_id: reportId,
    to_gamer_id: target,
    to_gamer_name: target,
    from_gamer_id: reporter,
    from_gamer_name: reporter,
    message: "wallhack again",
    keyword,
    reason: "cheating",
    status: 1,
    value: 0,
    update_at: "2026-11-22 12:00:00",
    create_at: "2026-11-22 12:00:00",
  };
}

async function insertAll<Row>(rows: readonly Row[], insert: (batch: Row[]) => Promise<unknown>) {
  for (let from = 0; from < rows.length; from += ROWS_PER_INSERT) {
    await insert(rows.slice(from, from + ROWS_PER_INSERT));
  }
}

/** The veteran's record: earlier reports over 100 days, cases, dismissed cards, an API count. */
async function longRecord(store: Store, target: string): Promise<void> {
  const { db } = store;
  await insertAll(
    Array.from({ length: EARLIER }, (_, n) => {
      const earlier = report(100_000 + n, target, `r-${n % 300}`, "SPAM");
      return {
        report_id: earlier.report_id,
        generation: 0,
        target,
        reporter: earlier.from_gamer_id,
        body: JSON.stringify(earlier),
        fingerprint: "1|x",
        // One every 14.4 minutes for 100 days back: a hundred of them in the last 24 h.
        seen_at: AT - 1 - Math.floor((n * 100 * DAY_MS) / EARLIER),
        card_id: null,
      };
    }),
    (batch) => db.insertInto("reports").values(batch).execute(),
  );
  await insertAll(
    Array.from({ length: EARLIER }, (_, n) => ({
      at: new Date(AT - DAY_MS - n).toISOString(),
      platform: "discord",
      actor_id: "100",
      actor_name: "Mina",
      command: n % 2 === 0 ? "ban" : "dismiss",
      target,
      args: JSON.stringify(n % 2 === 0 ? { gamer_id: target, days: 1 } : { report_id: n }),
      reason: null,
      outcome: "success" as const,
      answer: null,
      error: null,
      owner: null,
    })),
    (batch) => db.insertInto("cases").values(batch).execute(),
  );
  await insertAll(
    Array.from({ length: DISMISSED_CARDS }, (_, n) => ({
      target,
      opened_at: AT - DAY_MS - n,
      state: "dismissed" as const,
      report_count: 1,
    })),
    (batch) => db.insertInto("report_cards").values(batch).execute(),
  );
  await new BanRecord(store).recordCounts([{ gamerId: target, count: 12 }], new Date(AT));
}

/** An open card against `target` holding one report seen now; answers its id. */
async function openCard(reports: ReportStore, target: string, reportId: number): Promise<number> {
  const at = new Date(AT);
  return reports.transaction(async () => {
    const cardId = await reports.openCard(target, at);
    await reports.record(report(reportId, target, "reporter-now", "CHEATING"), at, cardId);
    return cardId;
  });
}

async function compareOn(engine: "SQLite" | "PostgreSQL"): Promise<Comparison> {
  const dataDir = mkdtempSync(join(tmpdir(), "chatwarden-bench-triage-"));
  const databaseUrl = engine === "PostgreSQL" ? await freshDatabase() : undefined;
  const store = await openStore({ dataDir, databaseUrl });
  try {
    const reports = new ReportStore(store);
    await longRecord(store, "veteran");
    const veteranCard = await openCard(reports, "veteran", 1);
    const newcomerCard = await openCard(reports, "newcomer", 2);
    // The statistics autovacuum keeps on a running PostgreSQL.
    if (store.dialect === "postgres") await sql`VACUUM ANALYZE`.execute(store.db);
    const config = parseConfig({});
    const triage = new Triage(
      reports,
      new BanRecord(store),
      { ladder: config.banLadderDays, priority: config.priority },
      () => new Date(AT),
    );
    const render = (cardId: number) => async () => {
      const card = await reports.card(cardId);
      if (!card) throw new Error(`card ${cardId} is gone`);
      return cardView(card, "UTC", await triage.assess(card));
    };
    const veteran = await render(veteranCard)();
    if (!veteran.description?.includes("50 reporters+ in 24 h · banned 20+ times before")) {
      throw new Error(`the veteran's card does not read his record: ${veteran.description}`);
    }
    return await compare({
      name: `A card of a player with 10,000 earlier reports and cases vs one with none (card + triage + view), ${engine}`,
      baseline: render(newcomerCard),
      subject: render(veteranCard),
      iterations: engine === "SQLite" ? 300 : 40,
      rounds: 11,
      target: 1.2,
      sides: { baseline: "no record", subject: "10,000 earlier" },
    });
  } finally {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchCardTriage(): Promise<Comparison[]> {
  return [await compareOn("SQLite"), await compareOn("PostgreSQL")];
}
