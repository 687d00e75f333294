import { describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator/server.js";
import { badWordListSchema } from "../../src/chat-api/schemas.js";
import { callApi, useEmulator } from "./helpers.js";

async function listBadWords(emulator: RunningEmulator) {
  const answer = await callApi(emulator, "GET", "/bad_word_list");
  expect(answer.status).toBe(200);
  return badWordListSchema.parse(answer.json);
}

async function putBadWords(emulator: RunningEmulator, language: string, filters: string[]) {
  return callApi(emulator, "PUT", "/bad_word_list", { body: { language, filters } });
}

describe("profanity lists", () => {
  const start = useEmulator();

  it("always lists the `all` entry, even on an empty emulator", async () => {
    const emulator = await start();
    expect(await listBadWords(emulator)).toStrictEqual([{ language: "all", filters: [] }]);
  });

  it("replaces a language's list by default and echoes the body", async () => {
    const emulator = await start();
    const first = await putBadWords(emulator, "ko-kr", ["지엠", "마스터"]);
    expect(first.status).toBe(200);
    expect(first.json).toStrictEqual({ language: "ko-kr", filters: ["지엠", "마스터"] });
    await putBadWords(emulator, "ko-kr", ["운영자"]);
    expect(await listBadWords(emulator)).toStrictEqual([
      { language: "all", filters: [] },
      { language: "ko-kr", filters: ["운영자"] },
    ]);
  });

  it("merges when switched: existing words stay, new ones are appended once", async () => {
    const emulator = await start({ behaviour: { badWordPut: "merge" } });
    await putBadWords(emulator, "all", ["GM", "MASTER"]);
    await putBadWords(emulator, "all", ["MASTER", "운영자", "운영자"]);
    expect(await listBadWords(emulator)).toStrictEqual([
      { language: "all", filters: ["GM", "MASTER", "운영자"] },
    ]);
  });

  it("treats language codes case-insensitively and stores them lower-case", async () => {
    const emulator = await start();
    const answer = await putBadWords(emulator, "ko-KR", ["지엠"]);
    expect(answer.json).toStrictEqual({ language: "ko-KR", filters: ["지엠"] });
    await putBadWords(emulator, "KO-kr", ["마스터"]);
    expect(await listBadWords(emulator)).toStrictEqual([
      { language: "all", filters: [] },
      { language: "ko-kr", filters: ["마스터"] },
    ]);
  });

  it("rejects a bad body with a 400 naming the field", async () => {
    const emulator = await start();
    const noLanguage = await callApi(emulator, "PUT", "/bad_word_list", { body: { filters: [] } });
    expect(noLanguage.status).toBe(400);
    expect((noLanguage.json as { message: string }).message).toMatch(/^language: /);
    const badFilter = await callApi(emulator, "PUT", "/bad_word_list", {
      body: { language: "en-us", filters: ["ok", 3] },
    });
    expect(badFilter.status).toBe(400);
    expect(badFilter.json).toMatchObject({ code: 400900, error: true });
    expect((badFilter.json as { message: string }).message).toMatch(/^filters\.1: /);
  });
});
