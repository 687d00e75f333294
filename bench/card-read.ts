// What a flood card costs to read: `ReportStore.card`, its triage and the card's view, as every post and
// every edit of the card pays it (feed.ts `content`), against the number of reports on the card.
// The card lists at most REPORTS_LISTED of them, so its cost should not grow with the flood: a
// flat curve, on SQLite and on PostgreSQL (a database of its own per size), with the store
// holding only this card's reports. SQLite's reads are timed in CPU time (see Clock).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Report } from "../src/chat-api/schemas.js";
import { parseConfig } from "../src/config.js";
import { cardView } from "../src/feed/report-card.js";
import { ReportStore } from "../src/feed/report-store.js";
import { Triage } from "../src/feed/triage.js";
import { BanRecord } from "../src/moderation/ban-record.js";
import { openStore } from "../src/store/open-store.js";
import type { Store } from "../src/store/store.js";
import { type Curve, measureCurve } from "./curve.js";
import { syntheticReports } from "./data.js";
import { freshDatabase } from "./postgres.js";

const SIZES = [10, 100, 1_000, 10_000, 50_000];
const ROUNDS = 11;
/** Each measurement repeats the read for at least this long, and answers the mean. */
const MEASURE_FOR_MS = 200;
/** Reads before the first measurement, so that no size is measured on cold code. */
const WARM_UP_READS = 5;
const AT = new Date(Date.UTC(2024, 5, 17, 10, 0, 0));

/** `count` reports against one player, as a flood arrives. */
function flood(count: number): Report[] {
  return syntheticReports(count).map((report) => ({
    ...report,
    to_gamer_id: "flood-1",
    keyword: report.keyword ?? "SPAM",
  }));
}

/**
 * What a read is timed by: SQLite answers in this process, so its CPU time is the read's whole
 * cost and is not moved by other processes on a shared machine; PostgreSQL works in its own
 * process, so its reads take the wall clock.
 */
type Clock = "cpu" | "wall";

function clockNow(clock: Clock): number {
  if (clock === "wall") return performance.now();
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

/** A store holding one card with `size` reports on it; answers how to time a read of it. */
async function cardOf(store: Store, size: number, clock: Clock): Promise<() => Promise<number>> {
  const reports = new ReportStore(store);
  const list = flood(size);
  const cardId = await store.transaction(async () => {
    await reports.recordAll(list, AT);
    const opened = await reports.openCard("flood-1", AT);
    await reports.attachAll(
      list.map((report) => ({ reportId: report.report_id, generation: 0 })),
      opened,
    );
    return opened;
  });
  const config = parseConfig({});
  const triage = new Triage(
    reports,
    new BanRecord(store),
    { ladder: config.banLadderDays, priority: config.priority },
    () => AT,
  );
  const read = async () => {
    const card = await reports.card(cardId);
    if (!card) throw new Error(`card ${cardId} is gone`);
    return cardView(card, "UTC", await triage.assess(card));
  };
  const expected = `${size} reports against`;
  if (!(await read()).title.startsWith(expected)) throw new Error(`not a card of ${size}`);
  for (let warm = 1; warm < WARM_UP_READS; warm++) await read();
  return async () => {
    let reads = 0;
    const started = performance.now();
    const clockStarted = clockNow(clock);
    do {
      await read();
      reads += 1;
    } while (performance.now() - started < MEASURE_FOR_MS);
    return (clockNow(clock) - clockStarted) / reads;
  };
}

async function curveOn(engine: "SQLite" | "PostgreSQL"): Promise<Curve> {
  const opened: { store: Store; dataDir: string }[] = [];
  try {
    return await measureCurve({
      name: `A flood card read for a post or an edit (ReportStore.card + its view), ${engine}`,
      unit: engine === "SQLite" ? "ms of CPU per read" : "ms per read",
      sizeUnit: "reports on the card",
      growth: "flat",
      sizes: SIZES,
      rounds: ROUNDS,
      prepare: async (size) => {
        const dataDir = mkdtempSync(join(tmpdir(), "chatwarden-bench-card-"));
        const databaseUrl = engine === "PostgreSQL" ? await freshDatabase() : undefined;
        const store = await openStore({ dataDir, databaseUrl });
        opened.push({ store, dataDir });
        return cardOf(store, size, engine === "SQLite" ? "cpu" : "wall");
      },
    });
  } finally {
    for (const { store, dataDir } of opened) {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

export async function benchCardRead(): Promise<Curve[]> {
  return [await curveOn("SQLite"), await curveOn("PostgreSQL")];
}
