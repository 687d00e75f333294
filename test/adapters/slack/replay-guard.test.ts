// The store's memory of requests already taken: the first offer of a key wins, on any connection
// to the store, until the key expires; expired keys are swept.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../../src/store/db.js";
import { ReplayGuard } from "../../../src/store/replay-guard.js";

const opened: Database[] = [];
let dataDir: string | undefined;
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

function connect(): Database {
  dataDir ??= mkdtempSync(join(tmpdir(), "chatwarden-replay-"));
  const db = openDatabase(dataDir);
  opened.push(db);
  return db;
}

describe("ReplayGuard", () => {
  it("admits a key once, also across two connections to one DATA_DIR", () => {
    const first = new ReplayGuard(connect(), () => 1_000);
    const second = new ReplayGuard(connect(), () => 1_000);
    expect(first.firstSighting("slack-signature:v0=a", 10_000)).toBe(true);
    expect(first.firstSighting("slack-signature:v0=a", 10_000)).toBe(false);
    expect(second.firstSighting("slack-signature:v0=a", 10_000)).toBe(false);
    expect(second.firstSighting("slack-signature:v0=b", 10_000)).toBe(true);
  });

  it("forgets a key once it has expired, sweeping at most once a minute", () => {
    let now = 0;
    const db = connect();
    const guard = new ReplayGuard(db, () => now);
    const rows = () => db.prepare("SELECT count(*) AS n FROM seen_requests").get() as { n: number };
    expect(guard.firstSighting("old", 5_000)).toBe(true);
    now = 10_000;
    // Swept only a minute after the last sweep: still remembered (and still refused) until then.
    expect(guard.firstSighting("old", 70_000)).toBe(false);
    now = 61_000;
    expect(guard.firstSighting("new", 200_000)).toBe(true);
    expect(rows().n).toBe(1);
    expect(guard.firstSighting("old", 200_000)).toBe(true);
  });

  it("throws when the store cannot be written, so the caller does not act", () => {
    const db = connect();
    const guard = new ReplayGuard(db);
    db.close();
    expect(() => guard.firstSighting("any", Date.now() + 1_000)).toThrow();
  });
});
