// What measuring and cutting a long text costs the console, as its length grows: a list cell of
// thousands of words in Korean, Latin and emoji. V8 steps over each grapheme of a string in time
// proportional to the whole string, so handing its segmenter a long text whole costs the square
// of the length (a 50,000-word list once took most of a minute to render); the console reads it a
// window at a time. Measuring the whole text should grow as the text does (linear); cutting it to
// a line's width reads only what it keeps, whatever the length (flat).
// test/adapters/console/display-width.test.ts checks what the segmenter is handed.
import { cutToWidth, displayWidth, loadWideTextWidths } from "../adapters/console/display-width.js";
import { cpuMsPerCall } from "./cpu-per-call.js";
import { type Curve, measureCurve } from "./curve.js";

/** A Korean name, a Latin word and a ZWJ emoji: every path the measure has (11 code units). */
const UNIT = "김민수, 👩‍💻 ";
/** How many units the texts hold: 11,000 to 176,000 code units. */
const SIZES = [1_000, 4_000, 16_000];
const ROUNDS = 7;
const LINE = 40;

function curveOf(options: {
  name: string;
  growth: Curve["growth"];
  work: (text: string) => unknown;
}): Promise<Curve> {
  return measureCurve({
    name: options.name,
    unit: "ms of CPU per call",
    sizeUnit: `repeats of "${UNIT.trim()}"`,
    growth: options.growth,
    sizes: SIZES,
    rounds: ROUNDS,
    prepare: async (size) => {
      const text = UNIT.repeat(size);
      return async () => cpuMsPerCall(() => options.work(text));
    },
  });
}

export async function benchDisplayWidth(): Promise<Curve[]> {
  await loadWideTextWidths();
  return [
    await curveOf({
      name: "displayWidth of a long text",
      growth: "linear",
      work: (text) => displayWidth(text),
    }),
    await curveOf({
      name: `cutToWidth of a long text to ${LINE} columns`,
      growth: "flat",
      work: (text) => cutToWidth(text, LINE),
    }),
  ];
}
