// The report feed's poll of a 100,000-report list, against fetching and JSON.parse-ing the same
// body with raw undici in the same run, both from a server of fixed bodies in another process
// (body-server.ts):
// 1. A changed list (one report's status moved, so the digest differs): fetch + digest + parse +
//    per-item validation + diff against the known fingerprints + the write of what changed.
// 2. An unchanged list: fetch + digest, nothing parsed.
// The store already holds all 100,000 (one full poll first), and the same ReportPoller polls in
// every round: the steady state of a running feed, whose poller keeps its report_id → fingerprint
// map across polls (a new poller would read the 100,000 fingerprints from the store once).
import { Pool } from "undici";
import { EmulatorState } from "../src/emulator/state.js";
import type { PollResult } from "../src/feed/poller.js";
import { BENCH_TOKEN, pollerOf, startBenchCore } from "./bench-core.js";
import { startBodyServer } from "./body-server.js";
import { megabytesOf } from "./data.js";
import { type Comparison, compare } from "./measure.js";

const REPORT_COUNT = 100_000;
const KEYWORDS = ["INAPPROPRIATE", "SPAM", "CHEATING"];

export async function benchReportPoll(): Promise<Comparison[]> {
  const server = await startBodyServer();
  const bench = await startBenchCore(server.baseUrl);
  const raw = new Pool(server.origin, { connections: 4 });
  const path = `${new URL(server.baseUrl).pathname}/report_list`;
  const headers = { authorization: `Bearer ${BENCH_TOKEN}` };

  try {
    // The emulator's own state makes the list, so that its JSON is the emulator's: every report
    // against a different player, one second apart, with text like bench/data.ts's.
    const state = new EmulatorState();
    const start = Date.UTC(2024, 5, 17, 0, 0, 0);
    for (let i = 0; i < REPORT_COUNT; i++) {
      state.injectReport({
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
    // Two fixed bodies, so that both sides fetch exactly the same bytes: they differ in the status
    // of the newest report, which has a card.
    const list = state.listReports();
    const unchangedBody = JSON.stringify(list);
    const newest = list[list.length - 1];
    if (!newest) throw new Error("no reports");
    newest.status = 0;
    const changedBody = JSON.stringify(list);
    await server.store("unchanged", unchangedBody);
    await server.store("changed", changedBody);
    let current = "unchanged";
    const serve = (name: string) => {
      current = name;
      return server.serve("/report_list", name);
    };

    const poller = pollerOf(bench.core, 10);
    // The first poll of an empty store: every report recorded, the newest 10 posted (backfill).
    await serve("unchanged");
    const first = await poller.poll();
    if (first.recordedOnly + first.opened.length !== REPORT_COUNT) {
      throw new Error(`the first poll recorded ${first.recordedOnly} + ${first.opened.length}`);
    }

    const baseline = async () => {
      await serve(current);
      const response = await raw.request({ method: "GET", path, headers });
      return JSON.parse(await response.body.text());
    };
    const expect = (result: PollResult, unchanged: boolean) => {
      const updated = unchanged ? 0 : 1;
      if (result.unchanged !== unchanged || result.updated.length !== updated) {
        throw new Error(`expected a poll with unchanged=${unchanged}: ${JSON.stringify(result)}`);
      }
    };
    const megabytes = megabytesOf(unchangedBody);

    const changed = await compare({
      name: `Poll of ${REPORT_COUNT.toLocaleString("en")} reports (${megabytes}), one changed: poll vs fetch+JSON.parse`,
      baseline,
      subject: async () => {
        // Back and forth: every poll sees a body other than the last one, with one report moved.
        await serve(current === "changed" ? "unchanged" : "changed");
        expect(await poller.poll(), false);
      },
      iterations: 1,
      rounds: 9,
      target: 1.5,
    });
    const unchanged = await compare({
      name: `Poll of ${REPORT_COUNT.toLocaleString("en")} reports (${megabytes}), unchanged (digest skip): poll vs fetch+JSON.parse`,
      baseline,
      subject: async () => {
        await serve(current);
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
    await server.close();
  }
}
