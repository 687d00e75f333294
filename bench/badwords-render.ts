// `badwords list` in the terminal with 10 lists of 5,000 words each (Korean and Latin): rendering
// the command's view, against JSON.parse of the API's answer holding those lists, in the same
// run. Once a minute (the terminal measured every cell whole, then cut it), now about the parse's
// cost: at a terminal only what fits the line is read; off one, every word is printed.

import { renderView } from "../adapters/console/render.js";
import { startEmulator } from "../emulator/server.js";
import { operatorActor } from "../src/moderation/roles.js";
import { BENCH_TOKEN, startBenchCore } from "./bench-core.js";
import { type Comparison, compare } from "./measure.js";

const LISTS = 10;
const WORDS = 5_000;
const TERMINAL_WIDTH = 120;

export async function benchBadwordsRender(): Promise<Comparison[]> {
  const emulator = await startEmulator({ token: BENCH_TOKEN, seed: "empty" });
  const bench = await startBenchCore(emulator.baseUrl);
  try {
    // `all` and nine languages: the ten lists fit one page.
    for (let list = 0; list < LISTS; list++) {
      const words = Array.from({ length: WORDS }, (_, i) =>
        i % 2 === 0 ? `욕설${list}-${i}` : `badword${list}-${i}`,
      );
      emulator.state.putBadWords(list === 0 ? "all" : `l${list}-xx`, words, "replace");
    }
    const response = await fetch(`${emulator.baseUrl}/bad_word_list`, {
      headers: { authorization: `Bearer ${BENCH_TOKEN}` },
    });
    const body = await response.text();
    const view = await bench.core.runner.run({
      command: "badwords list",
      args: {},
      actor: operatorActor("console"),
    });
    if (view.table?.rows.length !== LISTS) throw new Error(`badwords list answered ${view.title}`);

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
  } finally {
    await bench.close();
    await emulator.close();
  }
}
