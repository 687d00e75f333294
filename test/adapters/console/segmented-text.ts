// What the grapheme segmenter is handed while some work runs. V8 steps over each grapheme of a
// string in time proportional to the whole string's length, so a long text handed to it whole
// costs the square of its length (a 50,000-word list once took most of a minute to render). The
// console hands it short windows instead; tests check the lengths it was handed, which no load on
// the machine can move, and bench/ measures the time (bench/display-width.ts).
import { vi } from "vitest";

export interface Segmented {
  /** The longest text handed to the segmenter, in UTF-16 code units (0: none). */
  longest: number;
  /** Every text handed to it, added up. */
  total: number;
}

/** Runs `work` (synchronous, as rendering is) and says what the segmenter was handed meanwhile. */
export function segmentedDuring<Result>(work: () => Result): {
  result: Result;
  segmented: Segmented;
} {
  const segment = vi.spyOn(Intl.Segmenter.prototype, "segment");
  try {
    const result = work();
    const lengths = segment.mock.calls.map(([text]) => text.length);
    return {
      result,
      segmented: {
        longest: Math.max(0, ...lengths),
        total: lengths.reduce((sum, length) => sum + length, 0),
      },
    };
  } finally {
    segment.mockRestore();
  }
}
