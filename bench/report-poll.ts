// The report feed's poll of a 100,000-report list, against fetching and JSON.parse-ing the same
// body with raw undici in the same run:
// 1. A changed list (one report's status moved, so the digest differs): fetch + digest + parse +
//    per-item validation + diff against the known fingerprints + the write of what changed.
// 2. An unchanged list: fetch + digest, nothing parsed.
// The store already holds all 100,000 (one full poll first), and the same ReportPoller polls in
// every round: the steady state of a running feed, whose poller keeps its report_id → fingerprint
// map across polls (a new poller would read the 100,000 fingerprints from SQLite once).
import { Pool } from "undici";
import { startEmulator } from "../src/emulator/server.js";
import type { PollResult } from "../src/feed/poller.js";
import { BENCH_TOKEN, pollerOf, startBenchCore } from "./bench-core.js";
import { type Comparison, compare } from "./measure.js";

const REPORT_COUNT = 100_000;
const KEYWORDS = ["INAPPROPRIATE", "SPAM", "CHEATING"];

export async function benchReportPoll(): Promise<Comparison[]> {
  const emulator = await startEmulator({ token: BENCH_TOKEN, seed: "empty" });
  const bench = startBenchCore(emulator.baseUrl);
  const raw = new Pool(emulator.origin, { connections: 4 });
  const path = `${new URL(emulator.baseUrl).pathname}/report_list`;
  const headers = { authorization: `Bearer ${BENCH_TOKEN}` };

  try {
    // Every report against a different player, one second apart, with text like bench/chat-api.ts's.
    const start = Date.UTC(2024, 5, 17, 0, 0, 0);
    for (let i = 0; i < REPORT_COUNT; i++) {
      emulator.state.injectReport({
        to_gamer_id: `gamer-${i}`,
        to_gamer_name: `플레이어${i % 5000}`,
        from_gamer_id: `gamer-${(i * 7 + 1) % 5000}`,
        from_gamer_name: `reporter${(i * 7 + 1) % 5000}`,
        message: `message number ${i} with some words 비속어 포함`,
        keyword: KEYWORDS[i % KEYWORDS.length],
        reason: "비속어 및 성적 발언",
        status: 1,
        value: 0,
        createdAt: new Date(start + i * 1000),
      });
    }
    const poller = pollerOf(bench.core, 10);
    // The first poll of an empty store: every report recorded, the newest 10 posted (backfill).
    const first = await poller.poll();
    if (first.recordedOnly + first.opened.length !== REPORT_COUNT) {
      throw new Error(`the first poll recorded ${first.recordedOnly} + ${first.opened.length}`);
    }

    // From here on the list is served as fixed bodies (the emulator's own JSON for its state), so
    // that both sides fetch exactly the same bytes and neither pays for the emulator building a
    // 30 MB answer. The two bodies differ in the status of the newest report, which has a card.
    const list = emulator.state.listReports();
    const unchangedBody = JSON.stringify(list);
    const newest = list[list.length - 1];
    if (!newest) throw new Error("no reports");
    newest.status = 0;
    const changedBody = JSON.stringify(list);
    let current = unchangedBody;
    const serve = (body: string) => {
      current = body;
      emulator.faults.add({ method: "GET", path: "/report_list", respond: { status: 200, body } });
    };
    const baseline = async () => {
      serve(current);
      const response = await raw.request({ method: "GET", path, headers });
      return JSON.parse(await response.body.text());
    };
    const expect = (result: PollResult, unchanged: boolean) => {
      const updated = unchanged ? 0 : 1;
      if (result.unchanged !== unchanged || result.updated.length !== updated) {
        throw new Error(`expected a poll with unchanged=${unchanged}: ${JSON.stringify(result)}`);
      }
    };
    const megabytes = (Buffer.byteLength(unchangedBody) / 1e6).toFixed(1);

    const changed = await compare({
      name: `Poll of ${REPORT_COUNT.toLocaleString("en")} reports (${megabytes} MB), one changed: poll vs fetch+JSON.parse`,
      baseline,
      subject: async () => {
        // Back and forth: every poll sees a body other than the last one, with one report moved.
        serve(current === changedBody ? unchangedBody : changedBody);
        expect(await poller.poll(), false);
      },
      iterations: 1,
      rounds: 9,
      target: 1.5,
    });
    const unchanged = await compare({
      name: `Poll of ${REPORT_COUNT.toLocaleString("en")} reports (${megabytes} MB), unchanged (digest skip): poll vs fetch+JSON.parse`,
      baseline,
      subject: async () => {
        serve(current);
        expect(await poller.poll(), true);
      },
      iterations: 1,
      rounds: 9,
      target: 0.3,
    });
    return [changed, unchanged];
  } finally {
    await raw.close();
    await bench.close();
    await emulator.close();
  }
}
