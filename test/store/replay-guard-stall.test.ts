// The replay guard on a PostgreSQL whose connection stalls (a TCP proxy that holds every byte):
// the write neither answers nor fails, and Slack gives a request 3 s. The guard gives up in time,
// so that the moderator can be told nothing was done, and the store's health says why.
import { afterEach, expect, it } from "vitest";
import { openPostgresStore } from "../../src/store/postgres/open-postgres.js";
import { ReplayGuard } from "../../src/store/replay-guard.js";
import { freshPostgresUrl } from "../helpers/postgres/databases.js";
import { startTcpFaultProxy, type TcpFaultProxy } from "../helpers/tcp-fault-proxy.js";

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

it("rejects within its limit when the database stalls, and records again once it resumes", async () => {
  const url = new URL(await freshPostgresUrl());
  const proxy: TcpFaultProxy = await startTcpFaultProxy({
    host: url.hostname,
    port: Number(url.port),
  });
  closing.push(() => proxy.close());
  url.port = String(proxy.port);
  const store = await openPostgresStore(url.toString());
  closing.push(() => store.close());
  const guard = new ReplayGuard(store, Date.now, 300);
  expect(await guard.firstSighting("before", Date.now() + 60_000)).toBe(true);

  proxy.stall();
  const started = performance.now();
  await expect(guard.firstSighting("during", Date.now() + 60_000)).rejects.toThrow(
    "no answer within 0.3 s",
  );
  expect(performance.now() - started).toBeLessThan(2_000);
  expect(store.health.readiness()).toMatchObject({
    ready: false,
    detail: expect.stringContaining("no answer within 0.3 s"),
  });

  proxy.resume();
  await expect
    .poll(() => guard.firstSighting(`after-${Math.random()}`, Date.now() + 60_000), {
      timeout: 5_000,
    })
    .toBe(true);
  expect(store.health.readiness().ready).toBe(true);
});
