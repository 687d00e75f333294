// The replay guard on a PostgreSQL whose connection stalls (a TCP proxy that holds every byte):
// the write neither answers nor fails, and Slack gives a request 3 s. The guard gives up at its
// limit (1.5 s), so that the moderator can be told nothing was done, and the store's health says
// why. The limit is counted on a fake clock that the test moves: the stall is real, the wait is
// not, so a loaded machine cannot make the guard look late.
import { afterEach, expect, it, vi } from "vitest";
import { openPostgresStore } from "../../src/store/postgres/open-postgres.js";
import { RECORD_WITHIN_MS, ReplayGuard } from "../../src/store/replay-guard.js";
import { freshPostgresUrl } from "../helpers/postgres/databases.js";
import { startTcpFaultProxy, type TcpFaultProxy } from "../helpers/tcp-fault-proxy.js";

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const close of closing.splice(0).reverse()) await close();
});

it("rejects at its limit when the database stalls, and records again once it resumes", async () => {
  const url = new URL(await freshPostgresUrl());
  const proxy: TcpFaultProxy = await startTcpFaultProxy({
    host: url.hostname,
    port: Number(url.port),
  });
  closing.push(() => proxy.close());
  url.port = String(proxy.port);
  const store = await openPostgresStore(url.toString());
  closing.push(() => store.close());
  const guard = new ReplayGuard(store);
  expect(await guard.firstSighting("before", Date.now() + 60_000)).toBe(true);

  proxy.stall();
  // Only the guard's timer is faked: the sockets, the proxy and pg run on real time.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  let outcome: unknown = "waiting";
  void guard.firstSighting("during", Date.now() + 60_000).then(
    (first) => {
      outcome = first;
    },
    (error: unknown) => {
      outcome = error;
    },
  );
  await vi.advanceTimersByTimeAsync(RECORD_WITHIN_MS - 1);
  expect(outcome).toBe("waiting");
  await vi.advanceTimersByTimeAsync(1);
  expect(outcome).toEqual(new Error("no answer within 1.5 s"));
  vi.useRealTimers();
  expect(store.health.readiness()).toMatchObject({
    ready: false,
    detail: expect.stringContaining("no answer within 1.5 s"),
  });

  proxy.resume();
  await expect
    .poll(() => guard.firstSighting(`after-${Math.random()}`, Date.now() + 60_000), {
      timeout: 5_000,
    })
    .toBe(true);
  expect(store.health.readiness().ready).toBe(true);
});
