// `badwords list` in the terminal with 10 lists of 5,000 words each (Korean and Latin): rendering
// the command's view, against JSON.parse of the API's answer holding those lists, in the same
// run. Once a minute (the terminal measured every cell whole, then cut it), now about the parse's
// cost: at a terminal only what fits the line is measured; off one, every word is printed. Then
// the same renders as the lists grow, as curves that may grow at most as the lists do (linear).
// Off a terminal that is the printing; at one it is less: each cell is still read whole once, to
// make control characters inert (safeLine), a cheap pass beside measuring, which stays flat.
// test/adapters/console/table-layout.test.ts checks that no list is handed to the grapheme
// segmenter whole.

import { loadWideTextWidths } from "../adapters/console/display-width.js";
import { renderView } from "../adapters/console/render.js";
import { type RunningEmulator, startEmulator } from "../emulator/server.js";
import { operatorActor } from "../src/moderation/roles.js";
import type { View } from "../src/view/view.js";
import { BENCH_TOKEN, type BenchCore, startBenchCore } from "./bench-core.js";
import { cpuMsPerCall } from "./cpu-per-call.js";
import { type Curve, measureCurve } from "./curve.js";
import { type Comparison, compare } from "./measure.js";

const LISTS = 10;
const WORDS = 5_000;
const TERMINAL_WIDTH = 120;
/** Words in each of the ten lists, for the curves. */
const CURVE_SIZES = [1_000, 4_000, 16_000];
const CURVE_ROUNDS = 7;

/** The `badwords list` view with LISTS lists of `words` words each, as the runner makes it. */
async function listsView(emulator: RunningEmulator, bench: BenchCore, words: number) {
  // `all` and nine languages: the ten lists fit one page.
  for (let list = 0; list < LISTS; list++) {
    const filters = Array.from({ length: words }, (_, i) =>
      i % 2 === 0 ? `욕설${list}-${i}` : `badword${list}-${i}`,
    );
    emulator.state.putBadWords(list === 0 ? "all" : `l${list}-xx`, filters, "replace");
  }
  const view = await bench.core.runner.run({
    command: "badwords list",
    args: {},
    actor: operatorActor("console"),
  });
  if (view.table?.rows.length !== LISTS) throw new Error(`badwords list answered ${view.title}`);
  return view;
}

async function renderAgainstParse(emulator: RunningEmulator, view: View): Promise<Comparison[]> {
  const response = await fetch(`${emulator.baseUrl}/bad_word_list`, {
    headers: { authorization: `Bearer ${BENCH_TOKEN}` },
  });
  const body = await response.text();
  const parse = async () => JSON.parse(body);
  const now = new Date();
  const name = (where: string) =>
    `badwords list view of ${LISTS} x ${WORDS.toLocaleString("en")} words rendered ${where} vs JSON.parse of the lists (${(body.length / 1e6).toFixed(1)} MB)`;
  const options = { iterations: 5, rounds: 21 };
  return [
    await compare({
      name: name(`at a ${TERMINAL_WIDTH}-column terminal`),
      baseline: parse,
      subject: async () => renderView(view, { now, width: TERMINAL_WIDTH }),
      ...options,
      target: 3,
    }),
    await compare({
      name: name("off a terminal (every word)"),
      baseline: parse,
      subject: async () => renderView(view, { now }),
      ...options,
      target: 3,
    }),
  ];
}

async function renderCurves(emulator: RunningEmulator, bench: BenchCore): Promise<Curve[]> {
  const views = new Map<number, View>();
  for (const size of CURVE_SIZES) views.set(size, await listsView(emulator, bench, size));
  const now = new Date();
  const curveOf = (where: string, width: number | undefined) =>
    measureCurve({
      name: `badwords list view of ${LISTS} lists rendered ${where}`,
      unit: "ms of CPU per render",
      sizeUnit: "words in each list",
      growth: "linear",
      sizes: CURVE_SIZES,
      rounds: CURVE_ROUNDS,
      prepare: async (size) => {
        const view = views.get(size) as View;
        return async () => cpuMsPerCall(() => renderView(view, { now, width }));
      },
    });
  return [
    await curveOf(`at a ${TERMINAL_WIDTH}-column terminal`, TERMINAL_WIDTH),
    await curveOf("off a terminal (every word)", undefined),
  ];
}

export async function benchBadwordsRender(): Promise<(Comparison | Curve)[]> {
  // A cut line ends in "…", which only string-width measures; the product loads it at the first
  // such render (withTextWidths), and a benchmark measures the renders after that one.
  await loadWideTextWidths();
  const emulator = await startEmulator({ token: BENCH_TOKEN, seed: "empty" });
  const bench = await startBenchCore(emulator.baseUrl);
  try {
    const view = await listsView(emulator, bench, WORDS);
    return [
      ...(await renderAgainstParse(emulator, view)),
      ...(await renderCurves(emulator, bench)),
    ];
  } finally {
    await bench.close();
    await emulator.close();
  }
}
