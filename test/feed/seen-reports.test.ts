// The poller's memory of the reports in the store (report_id → generation, player, fingerprint),
// kept in typed arrays with fingerprints as numbers. What must hold is what the diff relies on: a
// report reads as unchanged only when its player and fingerprint are exactly the ones remembered
// (no change, reused id or new report is ever missed), and what was remembered reads back as the
// store wrote it, so fingerprints written by any earlier version compare as they did.
import { describe, expect, it } from "vitest";
import { fingerprintCode, fingerprintText } from "../../src/feed/fingerprint-code.js";
import { type SeenReport, SeenReports } from "../../src/feed/seen-reports.js";

const seenAs = (target: string, fingerprint: string, generation = 0): SeenReport => ({
  generation,
  target,
  fingerprint,
});

/** Fingerprints as the store holds them, `status|update_at`: those a number spells… */
const SPELLED = [
  "0|2024-06-17 09:50:23",
  "1|2024-06-17 09:50:23",
  "7|2024-06-17 09:50:23",
  "9|2024-06-17 09:50:23",
  "10|2024-06-17 09:50:23",
  "89|9999-12-31 23:59:59",
  "1|0000-01-01 00:00:00",
];
/** …and texts no number spells, each kept as its text. */
const UNSPELLED = [
  "90|2024-06-17 09:50:23",
  "100|2024-06-17 09:50:23",
  "-1|2024-06-17 09:50:23",
  "1.5|2024-06-17 09:50:23",
  "1e+21|2024-06-17 09:50:23",
  "07|2024-06-17 09:50:23",
  "1|2024-06-17T09:50:23",
  "1|2024-06-17 09:50",
  "1|",
  "",
];
const FINGERPRINTS = [...SPELLED, ...UNSPELLED];

describe("the poller's memory of seen reports", () => {
  it("knows no report until told, then each one's generation, player and fingerprint", () => {
    const seen = new SeenReports();
    expect(seen.get(7)).toBeUndefined();
    expect(seen.size).toBe(0);
    seen.set(7, seenAs("gamer-7", "1|2024-06-17 09:50:23"));
    seen.set(Number.MAX_SAFE_INTEGER, seenAs("플레이어", "100|2024-06-17 09:50:23", 3));
    expect(seen.get(7)).toEqual(seenAs("gamer-7", "1|2024-06-17 09:50:23"));
    expect(seen.get(Number.MAX_SAFE_INTEGER)).toEqual(
      seenAs("플레이어", "100|2024-06-17 09:50:23", 3),
    );
    expect(seen.size).toBe(2);
    expect([...seen]).toEqual([
      [7, seenAs("gamer-7", "1|2024-06-17 09:50:23")],
      [Number.MAX_SAFE_INTEGER, seenAs("플레이어", "100|2024-06-17 09:50:23", 3)],
    ]);
  });

  it("reads every fingerprint back exactly as the store wrote it", () => {
    const seen = new SeenReports();
    for (const [id, fingerprint] of FINGERPRINTS.entries()) seen.set(id, seenAs("p", fingerprint));
    for (const [id, fingerprint] of FINGERPRINTS.entries()) {
      expect(seen.get(id)?.fingerprint).toBe(fingerprint);
    }
  });

  it("replaces what it knew of an id: a change, or a reused id's next generation", () => {
    const seen = new SeenReports();
    seen.set(1, seenAs("alice", "1.5|2024-06-17 09:50:23"));
    seen.set(1, seenAs("alice", "2|2024-06-17 10:00:00"));
    expect(seen.get(1)).toEqual(seenAs("alice", "2|2024-06-17 10:00:00"));
    seen.set(1, seenAs("bob", "1.5|2024-06-17 11:00:00", 1));
    expect(seen.get(1)).toEqual(seenAs("bob", "1.5|2024-06-17 11:00:00", 1));
    expect(seen.size).toBe(1);
  });

  it("tells a listed report new, unchanged, changed, or listed against another player", () => {
    const seen = new SeenReports();
    seen.set(1, seenAs("alice", "1|2024-06-17 09:50:23"));
    seen.set(2, seenAs("bob", "1|2024-06-17 09:50:23"));
    expect(seen.sighting(3, "alice", "1|2024-06-17 09:50:23")).toBe("new");
    expect(seen.sighting(1, "alice", "1|2024-06-17 09:50:23")).toBe("unchanged");
    expect(seen.sighting(1, "alice", "2|2024-06-17 09:50:23")).toBe("changed");
    // Another player known to the memory, and one it has never seen.
    expect(seen.sighting(1, "bob", "1|2024-06-17 09:50:23")).toBe("reused");
    expect(seen.sighting(1, "carol", "1|2024-06-17 09:50:23")).toBe("reused");
  });

  it("takes no change for none: every two different fingerprints are different", () => {
    // Every pair, and pairs one digit apart: a status of 1 against 10, a second against a year.
    const near = ["1|2024-06-17 09:50:23"];
    const base = near[0] as string;
    for (let at = 0; at < base.length; at++) {
      const code = base.charCodeAt(at);
      if (code >= 0x30 && code <= 0x39) {
        near.push(
          base.slice(0, at) +
            String.fromCharCode(code === 0x39 ? 0x30 : code + 1) +
            base.slice(at + 1),
        );
      }
    }
    near.push("11|2024-06-17 09:50:23", "1|2024-06-17 09:50:230", "1|2024-06-17 09:50:2");
    const texts = [...new Set([...FINGERPRINTS, ...near])];
    const seen = new SeenReports();
    for (const [id, remembered] of texts.entries()) seen.set(id, seenAs("p", remembered));
    for (const [id, remembered] of texts.entries()) {
      for (const listed of texts) {
        expect(seen.sighting(id, "p", listed), `${remembered} listed as ${listed}`).toBe(
          listed === remembered ? "unchanged" : "changed",
        );
      }
    }
  });

  it("holds many reports, each as it was told", () => {
    const seen = new SeenReports();
    const fingerprint = (id: number) =>
      `${id % 3}|2024-06-${String(1 + (id % 28)).padStart(2, "0")} 09:50:23`;
    // Ids far apart and out of order, players shared by several reports.
    const ids = Array.from({ length: 10_000 }, (_, n) => ((n * 7_919) % 10_000) * 1_000_003);
    for (const id of ids) seen.set(id, seenAs(`gamer-${id % 97}`, fingerprint(id), id % 2));
    expect(seen.size).toBe(ids.length);
    expect(ids.map((id) => seen.get(id))).toEqual(
      ids.map((id) => seenAs(`gamer-${id % 97}`, fingerprint(id), id % 2)),
    );
    const sightings = new Set(
      ids.map((id) => seen.sighting(id, `gamer-${id % 97}`, fingerprint(id))),
    );
    expect(sightings).toEqual(new Set(["unchanged"]));
  });

  it("grows past the room it was made with, from none at all", () => {
    for (const capacity of [0, 1, 5_000]) {
      const seen = new SeenReports(capacity);
      const ids = Array.from({ length: 3_000 }, (_, n) => (n % 2 === 0 ? n : 10_000 - n));
      for (const id of ids) seen.set(id, seenAs(`gamer-${id}`, `1|2024-06-17 09:50:23`));
      expect(seen.size).toBe(ids.length);
      expect(ids.filter((id) => seen.get(id)?.target !== `gamer-${id}`)).toEqual([]);
    }
  });

  it("takes in another memory's reports, in place of what it knew of them", () => {
    const known = new SeenReports();
    known.set(1, seenAs("alice", "1|2024-06-17 09:50:23"));
    known.set(2, seenAs("bob", "1|2024-06-17 09:50:23"));
    const written = new SeenReports();
    written.set(2, seenAs("bob", "-1|2024-06-17 10:00:00"));
    written.set(3, seenAs("carol", "0|2024-06-17 10:00:00", 2));
    known.setAll(written);
    expect([...known]).toEqual([
      [1, seenAs("alice", "1|2024-06-17 09:50:23")],
      [2, seenAs("bob", "-1|2024-06-17 10:00:00")],
      [3, seenAs("carol", "0|2024-06-17 10:00:00", 2)],
    ]);
  });
});

describe("a fingerprint as a number", () => {
  it("spells its text exactly; only a status from 0 to 89 and a full timestamp have one", () => {
    for (const fingerprint of SPELLED) {
      expect(fingerprintText(fingerprintCode(fingerprint))).toBe(fingerprint);
    }
    for (const fingerprint of UNSPELLED) expect(fingerprintCode(fingerprint)).toBeNaN();
    expect(Number.isSafeInteger(fingerprintCode("89|9999-12-31 23:59:59"))).toBe(true);
  });
});
