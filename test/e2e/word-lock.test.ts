// No word lost across processes: a bot's core taking five `badwords add` and five one-shot CLI
// processes adding a word each to the same language, all at once, against a chat API that takes
// 100 ms per call. Today's main kept 4 of the CLI's 10 words in such a race (its lock was in
// memory only); the lock is now a row in the store that every process on DATA_DIR respects.
import { spawn } from "node:child_process";
import { afterEach, beforeEach, expect, it } from "vitest";
import { admin, type Harness, startHarness } from "../helpers/core.js";
import { TEST_TOKEN } from "../helpers/emulator.js";
import { CLI } from "./bot-process.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

function cliAdd(word: string): Promise<number | null> {
  const child = spawn(process.execPath, [CLI, "badwords", "add", "ko-kr", word], {
    env: {
      PATH: process.env.PATH,
      CHAT_API_BASE_URL: h.emulator.baseUrl,
      CHAT_API_TOKEN: TEST_TOKEN,
      DATA_DIR: h.dataDir,
      LOG_LEVEL: "silent",
    },
    stdio: "ignore",
  });
  return new Promise((resolve) => child.once("exit", resolve));
}

it("keeps every word when a bot and CLI processes edit one language at once", async () => {
  for (const method of ["GET", "PUT"] as const) {
    h.emulator.faults.add({ method, path: "/bad_word_list", latencyMs: 100, times: 1_000 });
  }
  const inProcess = Array.from({ length: 5 }, (_, n) => `bot-word-${n}`);
  const fromCli = Array.from({ length: 5 }, (_, n) => `cli-word-${n}`);
  const results = await Promise.all([
    ...inProcess.map((word) =>
      h.run("badwords add", { language: "ko-kr", words: [word] }, admin).then((v) => v.outcome),
    ),
    ...fromCli.map((word) => cliAdd(word)),
  ]);
  expect(results.slice(0, 5)).toEqual(Array(5).fill("success"));
  expect(results.slice(5)).toEqual(Array(5).fill(0));
  h.emulator.faults.clear();
  const lists = await h.core.api.listBadWords();
  const kept = lists.find((entry) => entry.language === "ko-kr")?.filters ?? [];
  expect([...kept].sort()).toEqual([...inProcess, ...fromCli].sort());
}, 60_000);
