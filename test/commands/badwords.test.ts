// badwords list, add and remove: read-modify-write that never loses a word.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { admin, type Harness, startHarness, textOf } from "../helpers/core.js";

const wordsOf = (h: Harness, language: string) =>
  h.emulator.state.listBadWords().find((entry) => entry.language === language)?.filters ?? [];

describe("badwords", () => {
  // A fresh emulator per test, each starting from the same ko-kr list; a test that needs more
  // words puts them there itself.
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
    h.emulator.state.putBadWords("ko-kr", ["지엠", "마스터"], "replace");
  });
  afterEach(() => h.close());

  it("list shows every language, all first", async () => {
    const view = await h.run("badwords list");
    expect(view.table?.rows.map((row) => row.language)).toEqual(["all", "ko-kr"]);
    expect((await h.run("badwords list", { language: "KO-KR" })).table?.rows).toEqual([
      { language: "ko-kr", count: 2, words: "지엠, 마스터" },
    ]);
  });

  it("add keeps what was there, skips duplicates case-insensitively, says which were new", async () => {
    const view = await h.run(
      "badwords add",
      { language: "ko-KR", words: ["사기", "지엠", "SCAM", "scam", " 사기 "] },
      admin,
    );
    expect(wordsOf(h, "ko-kr")).toEqual(["지엠", "마스터", "사기", "SCAM"]);
    expect(textOf(view)).toContain("Added: 사기, SCAM");
    expect(textOf(view)).toContain("Already there: 지엠");
    expect(view.title).toBe("Added 2 words to the ko-kr filter");
  });

  it("remove asks first, about the words really in the list, then removes only what was asked", async () => {
    h.emulator.state.putBadWords("ko-kr", ["지엠", "마스터", "사기", "SCAM"], "replace");
    const question = await h.run(
      "badwords remove",
      { language: "ko-kr", words: ["scam", "없는말"] },
      admin,
    );
    expect(question.description).toBe(
      "Remove 1 word from the ko-kr filter (scam)? Players will be able to say it. 없는말 is not in the filter. This question expires in 60 s.",
    );
    expect(wordsOf(h, "ko-kr")).toContain("SCAM");
    const done = await h.press(question, "Confirm", admin);
    expect(wordsOf(h, "ko-kr")).toEqual(["지엠", "마스터", "사기"]);
    expect(textOf(done)).toContain("Removed: scam");
    expect(textOf(done)).toContain("Not in the list: 없는말");
  });

  it("remove of words that are not in the list says so without asking, and removes nothing", async () => {
    const before = wordsOf(h, "ko-kr");
    const puts = h.callsTo("PUT", "/bad_word_list");
    const view = await h.run(
      "badwords remove",
      { language: "ko-kr", words: ["없는말", "another"] },
      admin,
    );
    expect(view.outcome).toBe("warning");
    expect(view.title).toBe("Nothing removed from the ko-kr filter");
    expect(view.visibility).toBe("private");
    expect(textOf(view)).toContain("Not in the list: 없는말, another");
    expect(view.actions ?? []).toEqual([]);
    expect(wordsOf(h, "ko-kr")).toEqual(before);
    expect(h.callsTo("PUT", "/bad_word_list")).toBe(puts);
  });

  it("remove asks about two words in the plural", async () => {
    h.emulator.state.putBadWords("en-gb", ["scam", "spam", "keep"], "replace");
    const question = await h.run(
      "badwords remove",
      { language: "en-gb", words: ["scam", "SPAM", "nope", "nada"] },
      admin,
    );
    expect(question.description).toBe(
      "Remove 2 words from the en-gb filter (scam, SPAM)? Players will be able to say them. nope and nada are not in the filter. This question expires in 60 s.",
    );
    await h.press(question, "Cancel", admin);
  });

  it("add of words that are all there already says nothing was added", async () => {
    const view = await h.run("badwords add", { language: "ko-kr", words: ["지엠"] }, admin);
    expect(view).toMatchObject({ outcome: "info", title: "Nothing added to the ko-kr filter" });
    expect(view.data).toMatchObject({ language: "ko-kr", changed: [], unchanged: ["지엠"] });
  });

  it.each([
    [
      { language: "korean", words: ["x"] },
      "language must be all or a culture code like ko-kr or en-us",
    ],
    [{ language: "ko-kr", words: [] }, "words must be one or more non-empty words or phrases"],
    [
      { language: "ko-kr", words: ["ok", "  "] },
      "words must be one or more non-empty words or phrases",
    ],
    [
      { language: "ko-kr" },
      'words is required: the words or phrases (quote a phrase with spaces), e.g. "gold seller" scam (usage: badwords add <language> <words...>)',
    ],
  ])("add refuses %j", async (args, message) => {
    expect((await h.run("badwords add", args, admin)).description).toBe(message);
  });

  it("edits are for admins", async () => {
    expect((await h.run("badwords add", { language: "all", words: ["x"] })).outcome).toBe("denied");
  });

  // Item 10 of issue 9: the PUT's echo is compared with what was sent.
  it("a PUT echoed for another language is a warning, and the case records it", async () => {
    h.emulator.faults.add({
      method: "PUT",
      path: "/bad_word_list",
      respond: {
        status: 200,
        body: JSON.stringify({ language: "en-us", filters: [...wordsOf(h, "ko-kr"), "에코"] }),
      },
    });
    const view = await h.run("badwords add", { language: "ko-kr", words: ["에코"] }, admin);
    const warning =
      "The chat API answered for language en-us, not ko-kr: check the lists with badwords list before trying again";
    expect(view.outcome).toBe("warning");
    expect(view.notices?.[0]).toBe(warning);
    expect(view.data).toMatchObject({ warning });
    expect((await h.core.cases.recent(1))[0]?.answer).toMatchObject({ warning });
  });

  it("a PUT echoing other words is a warning", async () => {
    const before = wordsOf(h, "ko-kr");
    h.emulator.faults.add({
      method: "PUT",
      path: "/bad_word_list",
      respond: {
        status: 200,
        body: JSON.stringify({ language: "ko-kr", filters: [...before, "다른말"] }),
      },
    });
    const view = await h.run("badwords add", { language: "ko-kr", words: ["에코2"] }, admin);
    expect(view.outcome).toBe("warning");
    expect(view.notices?.[0]).toBe(
      "The chat API answered with a different list (without 에코2; with 다른말): check the lists with badwords list before trying again",
    );
  });

  it("a remove echoed for another language is a warning", async () => {
    h.emulator.state.putBadWords("ko-kr", ["지엠", "마스터", "사기"], "replace");
    h.emulator.faults.add({
      method: "PUT",
      path: "/bad_word_list",
      respond: {
        status: 200,
        body: JSON.stringify({
          language: "all",
          filters: wordsOf(h, "ko-kr").filter((word) => word !== "사기"),
        }),
      },
    });
    const question = await h.run("badwords remove", { language: "ko-kr", words: ["사기"] }, admin);
    const done = await h.press(question, "Confirm", admin);
    expect(done.outcome).toBe("warning");
    expect(done.notices?.[0]).toBe(
      "The chat API answered for language all, not ko-kr: check the lists with badwords list before trying again",
    );
  });
});

describe.each(["replace", "merge"] as const)("concurrent edits with PUT that %ss", (mode) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ emulator: { behaviour: { badWordPut: mode } } });
    h.emulator.state.putBadWords("en-us", ["keep-1", "keep-2", "drop-1", "drop-2"], "replace");
  });
  afterAll(() => h.close());

  it("loses no word a moderator did not ask to remove", async () => {
    const adds = Array.from({ length: 12 }, (_, i) =>
      h.run("badwords add", { language: "en-us", words: [`new-${i}`] }, admin),
    );
    const removals = ["drop-1", "drop-2"].map(async (word) => {
      const question = await h.run("badwords remove", { language: "en-us", words: [word] }, admin);
      return h.press(question, "Confirm", admin);
    });
    const views = await Promise.all([...adds, ...removals]);
    const list = wordsOf(h, "en-us");
    for (let i = 0; i < 12; i++) expect(list).toContain(`new-${i}`);
    expect(list).toEqual(expect.arrayContaining(["keep-1", "keep-2"]));
    if (mode === "replace") {
      expect(list).not.toContain("drop-1");
      expect(list).not.toContain("drop-2");
      expect(views.every((view) => view.outcome === "success")).toBe(true);
    } else {
      // A merging PUT cannot remove: the bot must say so rather than claim success.
      const removalViews = views.slice(12);
      for (const view of removalViews) {
        expect(view.outcome).toBe("warning");
        expect(view.notices?.[0]).toMatch(
          /still lists drop-\d: it seems to merge lists rather than replace them/,
        );
      }
    }
  });
});
