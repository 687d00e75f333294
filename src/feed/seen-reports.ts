// The poller's memory of the reports in the store, by report_id: the newest generation, its player
// and its fingerprint, against which each poll diffs the list. A running feed keeps it for as many
// reports as the list has ever held, so it is kept in typed arrays, not objects: report_ids in a
// sorted index (report-id-index.ts) naming a slot, and per slot the generation, the player as a
// number (each player's id kept once, interned-texts.ts) and the fingerprint as its exact number
// (fingerprint-code.ts). About 80 bytes a report when every report names another player, 40 when
// players have several reports, where a Map of objects with two strings each took about 150
// (bench first-poll-memory). Nothing is hashed to be compared: a report reads as unchanged only
// when its player and fingerprint are exactly the ones remembered, so no collision can hide a
// change, a reused id or a new report.
import { fingerprintCode, fingerprintText } from "./fingerprint-code.js";
import { grown } from "./grown.js";
import { InternedTexts } from "./interned-texts.js";
import { ReportIdIndex } from "./report-id-index.js";

/** What a poll diffs a listed report against: the newest report stored with its id. */
export interface SeenReport {
  generation: number;
  target: string;
  fingerprint: string;
}

/** What a listed report is to the store. */
export type Sighting = "new" | "reused" | "changed" | "unchanged";

const FIRST_CAPACITY = 1_024;

export class SeenReports {
  readonly #slots: ReportIdIndex;
  readonly #targets: InternedTexts;
  #generations: Uint32Array;
  /** Each slot's player, by its number in #targets. */
  #targetOf: Uint32Array;
  /** Each slot's fingerprint as its number; NaN where the text has none (then in #irregular). */
  #fingerprints: Float64Array;
  readonly #irregular = new Map<number, string>();

  /**
   * `capacity`: how many reports it takes before its arrays grow (and as many players), when
   * that is known: the arrays then do not grow, and leave no copies behind for the collector.
   */
  constructor(capacity = FIRST_CAPACITY) {
    this.#slots = new ReportIdIndex(capacity);
    this.#targets = new InternedTexts(capacity);
    this.#generations = new Uint32Array(capacity);
    this.#targetOf = new Uint32Array(capacity);
    this.#fingerprints = new Float64Array(capacity);
  }

  get size(): number {
    return this.#slots.size;
  }

  /** Remembers `seen` as the newest report with `reportId`, in place of what was. */
  set(reportId: number, seen: SeenReport): void {
    const code = fingerprintCode(seen.fingerprint);
    this.place(reportId, seen.generation, seen.target, code, seen.fingerprint);
  }

  /** Remembers every report `other` remembers, in place of what was. */
  setAll(other: SeenReports): void {
    for (const [reportId, slot] of other.#slots.entries()) {
      this.place(
        reportId,
        other.#generations[slot] as number,
        other.#targets.text(other.#targetOf[slot] as number),
        other.#fingerprints[slot] as number,
        other.#irregular.get(slot),
      );
    }
  }

  get(reportId: number): SeenReport | undefined {
    const slot = this.#slots.get(reportId);
    return slot === undefined ? undefined : this.seenAt(slot);
  }

  /** Whether the report listed with this id, player and fingerprint is news, and which. */
  sighting(reportId: number, target: string, fingerprint: string): Sighting {
    const slot = this.#slots.get(reportId);
    if (slot === undefined) return "new";
    if (!this.#targets.is(this.#targetOf[slot] as number, target)) return "reused";
    const code = fingerprintCode(fingerprint);
    const same = Number.isNaN(code)
      ? this.#irregular.get(slot) === fingerprint
      : this.#fingerprints[slot] === code;
    return same ? "unchanged" : "changed";
  }

  /** Every report remembered, by ascending report_id. */
  *[Symbol.iterator](): IterableIterator<[number, SeenReport]> {
    for (const [reportId, slot] of this.#slots.entries()) yield [reportId, this.seenAt(slot)];
  }

  private seenAt(slot: number): SeenReport {
    return {
      generation: this.#generations[slot] as number,
      target: this.#targets.text(this.#targetOf[slot] as number),
      fingerprint: this.#irregular.get(slot) ?? fingerprintText(this.#fingerprints[slot] as number),
    };
  }

  /** `fingerprint`: the text, which is kept when `code` is NaN (the text has no number). */
  private place(
    reportId: number,
    generation: number,
    target: string,
    code: number,
    fingerprint: string | undefined,
  ): void {
    let slot = this.#slots.get(reportId);
    if (slot === undefined) {
      slot = this.#slots.size;
      if (slot === this.#generations.length) this.grow();
      this.#slots.add(reportId, slot);
    }
    this.#generations[slot] = generation;
    this.#targetOf[slot] = this.#targets.intern(target);
    this.#fingerprints[slot] = code;
    if (Number.isNaN(code)) this.#irregular.set(slot, fingerprint ?? "");
    else this.#irregular.delete(slot);
  }

  /** Twice the slots: a report is added in constant time, on average. */
  private grow(): void {
    const capacity = Math.max(FIRST_CAPACITY, this.#generations.length * 2);
    this.#generations = grown(this.#generations, capacity);
    this.#targetOf = grown(this.#targetOf, capacity);
    this.#fingerprints = grown(this.#fingerprints, capacity);
  }
}
