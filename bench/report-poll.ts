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
import type { PollResult } from "../src/feed/poller.js";
import { BENCH_TOKEN, pollerOf, startBenchCore } from "./bench-core.js";
import { startBodyServer } from "./body-server.js";
import { megabytesOf } from "./data.js";
import { type Comparison, compare } from "./measure.js";
import { REPORT_COUNT, reportListBodies } from "./report-list.js";

export async function benchReportPoll(): Promise<Comparison[]> {
  const server = await startBodyServer();
  const bench = await startBenchCore(server.baseUrl);
  const raw = new Pool(server.origin, { connections: 4 });
  const path = `${new URL(server.baseUrl).pathname}/report_list`;
  const headers = { authorization: `Bearer ${BENCH_TOKEN}` };

  try {
    const bodies = reportListBodies();
    await server.store("unchanged", bodies.unchanged);
    await server.store("changed", bodies.changed);
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
    const megabytes = megabytesOf(bodies.unchanged);

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
