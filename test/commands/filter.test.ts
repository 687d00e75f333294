// filter (issue 22, item 6): phrases from a report's message added to a profanity filter, asked
// first with the phrases new to that list, through badwords add's own path (the lock, the
// read-back, a case); and the form a report card's Filter… opens, prefilled from the report.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { admin, type Harness, moderator, startHarness, textOf } from "../helpers/core.js";

const MESSAGE = `cheap gold, "whisper" me at gold.example`;

describe("filter", () => {
  let h: Harness;
  let reportId: number;
  beforeEach(async () => {
    h = await startHarness();
    h.emulator.state.putBadWords("all", ["scam"], "replace");
    const report = h.emulator.state.injectReport({
      to_gamer_id: "10003",
      to_gamer_name: "ShadowFox",
      message: MESSAGE,
    });
    reportId = report.report_id;
    // The feed has read it, as for every report a card shows.
    await h.core.reports.record(report, new Date(), undefined);
  });
  afterEach(() => h.close());

  const wordsOf = (language: string) =>
    h.emulator.state.listBadWords().find((entry) => entry.language === language)?.filters ?? [];
  const puts = () => h.callsTo("PUT", "/bad_word_list");

  it("asks with the phrases new to the list, then adds them as badwords add does, as a case", async () => {
    const question = await h.run(
      "filter",
      { report_id: String(reportId), language: "all", words: '"cheap gold" SCAM whisper' },
      admin,
    );
    expect(question.outcome).toBe("confirm");
    expect(question.description).toBe(
      `Add 2 words from report #${reportId} to the all filter (cheap gold, whisper)? Players will no longer be able to say them. SCAM is in the filter already. This question expires in 60 s.`,
    );
    expect(puts()).toBe(0);

    const done = await h.press(question, "Confirm", admin);
    expect(done.outcome).toBe("success");
    expect(done.title).toBe("Added 2 words to the all filter");
    expect(done.description).toBe(`From report #${reportId} against ShadowFox (10003).`);
    expect(textOf(done)).toContain("Added: cheap gold, whisper");
    expect(textOf(done)).toContain("Already there: SCAM");
    expect(wordsOf("all")).toEqual(["scam", "cheap gold", "whisper"]);
    expect(done.data).toMatchObject({
      report_id: reportId,
      language: "all",
      changed: ["cheap gold", "whisper"],
      unchanged: ["SCAM"],
      list: ["scam", "cheap gold", "whisper"],
    });
    const recorded = await h.core.cases.get(done.caseNumber ?? 0);
    expect(recorded).toMatchObject({
      command: "filter",
      outcome: "success",
      args: { report_id: reportId, language: "all", words: ["cheap gold", "SCAM", "whisper"] },
    });
  });

  it("says at once when every phrase is in the list already: nothing asked, sent or recorded", async () => {
    const before = (await h.core.cases.recent(100)).length;
    const view = await h.run(
      "filter",
      { report_id: String(reportId), language: "all", words: "Scam" },
      admin,
    );
    expect(view).toMatchObject({
      outcome: "info",
      title: "Nothing new for the all filter",
      description: "Scam is in the filter already.",
    });
    expect(view.actions ?? []).toEqual([]);
    expect(puts()).toBe(0);
    expect((await h.core.cases.recent(100)).length).toBe(before);
  });

  it("a language with no list yet starts one", async () => {
    const view = await h.run(
      "filter",
      { report_id: String(reportId), language: "ko-KR", words: "사기꾼" },
      admin,
      { confirmed: true },
    );
    expect(view.title).toBe("Added 1 word to the ko-kr filter");
    expect(wordsOf("ko-kr")).toEqual(["사기꾼"]);
  });

  it("refuses a report the feed has not read, before asking", async () => {
    const view = await h.run("filter", { report_id: "9999", language: "all", words: "x" }, admin);
    expect(view).toMatchObject({ outcome: "error", title: "Report #9999 is not known yet" });
    expect(puts()).toBe(0);
  });

  it("is for admins: a moderator is refused and nothing is sent", async () => {
    const view = await h.run(
      "filter",
      { report_id: String(reportId), language: "all", words: "x" },
      moderator,
      { confirmed: true },
    );
    expect(view.outcome).toBe("denied");
    expect(puts()).toBe(0);
  });

  it("edits under the same lock as badwords add: neither loses the other's word", async () => {
    // badwords add's PUT is slow to land; a filter that did not wait for the lock would read the
    // list before it, and the slow PUT would then replace the list without the filter's word.
    h.emulator.faults.add({ method: "PUT", path: "/bad_word_list", latencyMs: 1_000 });
    const adding = h.run("badwords add", { language: "all", words: ["gold seller"] }, admin);
    await vi.waitFor(() => expect(puts()).toBe(1), { timeout: 5_000, interval: 5 });
    const filtering = h.run(
      "filter",
      { report_id: String(reportId), language: "all", words: "whisper" },
      admin,
      { confirmed: true },
    );
    await Promise.all([adding, filtering]);
    expect(wordsOf("all")).toEqual(["scam", "gold seller", "whisper"]);
  });

  it("prefills its form from the report: the message as one phrase, and the language asked", async () => {
    const form = await h.core.runner.prefilledForm(
      { command: "filter", args: { report_id: String(reportId) }, defaults: { language: "all" } },
      admin,
    );
    expect(form).toEqual({
      command: "filter",
      args: { report_id: String(reportId) },
      defaults: {
        language: "all",
        words: String.raw`"cheap gold, \"whisper\" me at gold.example"`,
      },
    });
    // Submitted as it is, the phrase is the message, whole.
    const question = await h.run("filter", { ...form.args, ...form.defaults }, admin);
    expect(question.description).toContain(`(${MESSAGE})?`);
  });

  it("prefills nothing for a report it does not know, or a form that has no prefill", async () => {
    const unknown = {
      command: "filter",
      args: { report_id: "9999" },
      defaults: { language: "all" },
    };
    expect(await h.core.runner.prefilledForm(unknown, admin)).toEqual(unknown);
    const ban = { command: "ban", args: { gamer_id: "g" }, defaults: { reason: "report #1" } };
    expect(await h.core.runner.prefilledForm(ban, admin)).toEqual(ban);
  });
});
