// What the client makes of a successful answer's body, over real HTTP from the emulator: the token
// never survives into a value however the server spells it, escapes that cannot spell it change
// nothing, and a schema compiled for speed (after enough items) answers exactly as zod's own
// parser does: same values, same errors, same unreadable items.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../emulator/server.js";
import type { ChatApiClient } from "../../src/chat-api/client.js";
import { ChatApiNotJsonError, ChatApiSchemaError } from "../../src/chat-api/errors.js";
import type { Report } from "../../src/chat-api/schemas.js";
import { REDACTED } from "../../src/redact.js";
import { clientFor, startTestEmulator, TEST_TOKEN } from "../helpers/emulator.js";

let emulator: RunningEmulator;
let client: ChatApiClient;

beforeAll(async () => {
  emulator = await startTestEmulator();
  client = clientFor(emulator.baseUrl);
});
afterEach(() => emulator.faults.clear());
afterAll(async () => {
  await client.close();
  await emulator.close();
});

function serve(path: string, body: string, times = 1): void {
  emulator.faults.add({ method: "GET", path, respond: { status: 200, body }, times });
}

/** The report list as the feed's poll reads it, item by item: what is readable, and what is not. */
async function pollRead(): Promise<{ reports: Report[]; unreadable: string[] }> {
  const { items } = await client.listReportItems(undefined);
  if (items === undefined) throw new Error("a first read is never skipped as unchanged");
  const reports: Report[] = [];
  const unreadable = items.forEach((report) => {
    reports.push(report);
  });
  return { reports, unreadable };
}

function ban(gamerId: string, endTime = "2024-06-18T09:50:23Z") {
  return { gamer_id: gamerId, count: 1, start_time: "2024-06-17T09:50:23Z", end_time: endTime };
}

/** `\uXXXX` for every character: JSON that spells `text` without any of its characters. */
function unicodeEscaped(text: string): string {
  return [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");
}

function report(id: number, updateAt = "2024-06-17 09:50:23") {
  return {
    report_id: id,
    to_gamer_id: `gamer-${id}`,
    to_gamer_name: "플레이어",
    from_gamer_id: "gamer-0",
    from_gamer_name: "reporter",
    message: `said "gg"\nagain`,
    keyword: "SPAM",
    reason: "spam",
    status: 1,
    value: 0,
    update_at: updateAt,
    create_at: "2024-06-17 09:50:23",
  };
}

describe("the token in a successful answer", () => {
  it("is redacted when the server echoes it as it is", async () => {
    serve("/block_user_list", JSON.stringify([ban(`Bearer ${TEST_TOKEN}`)]));
    const [listed] = await client.listBans();
    expect(listed?.gamer_id).toBe(`Bearer ${REDACTED}`);
  });

  it("is redacted when the server spells it with \\u escapes", async () => {
    const body = JSON.stringify([ban("placeholder")]).replace(
      '"placeholder"',
      `"Bearer ${unicodeEscaped(TEST_TOKEN)}"`,
    );
    serve("/block_user_list", body);
    const [escaped] = await client.listBans();
    expect(escaped?.gamer_id).toBe(`Bearer ${REDACTED}`);
  });

  it("is redacted from reports read item by item (the feed's poll)", async () => {
    const spelled = { ...report(7), message: "placeholder" };
    const body = JSON.stringify([report(6), spelled]).replace(
      '"placeholder"',
      `"token ${unicodeEscaped(TEST_TOKEN)}"`,
    );
    serve("/report_list", body);
    const { reports } = await pollRead();
    expect(reports.map((r) => r.message)).toEqual([`said "gg"\nagain`, `token ${REDACTED}`]);
  });

  it("leaves quotes and line breaks, which cannot spell it, as they are", async () => {
    const reports = [report(1), report(2)];
    serve("/report_list", JSON.stringify(reports));
    await expect(client.listReports()).resolves.toEqual(reports);
  });
});

describe("a schema compiled after many items answers as zod's own parser", () => {
  const many = Array.from({ length: 1_500 }, (_, i) => ban(`gamer-${i}`));

  it("rejects a malformed item with the same words before and after compiling", async () => {
    const broken = [ban("ok"), ban("late", "tomorrow")];
    const problems: string[] = [];
    // Before: a fresh list of two is checked by the parser as written; then 1,500 items compile
    // the schema; then the same malformed list again.
    for (const body of [broken, many, broken]) {
      serve("/block_user_list", JSON.stringify(body));
      const answer = await client.listBans().catch((error: unknown) => error);
      if (answer instanceof ChatApiSchemaError) problems.push(answer.message);
    }
    expect(problems).toEqual([
      "The chat API's answer to GET /block_user_list is not what the spec documents: [1].end_time: expected YYYY-MM-DDTHH:MM:SSZ",
      "The chat API's answer to GET /block_user_list is not what the spec documents: [1].end_time: expected YYYY-MM-DDTHH:MM:SSZ",
    ]);
  });

  it("reads the same values, extra fields kept", async () => {
    const withExtra = many.map((b, i) => (i === 0 ? { ...b, note: "extra" } : b));
    serve("/block_user_list", JSON.stringify(withExtra), 3);
    for (let call = 0; call < 3; call++) {
      await expect(client.listBans()).resolves.toEqual(withExtra);
    }
  });

  it("sets aside the same unreadable reports in a long list", async () => {
    const reports = Array.from({ length: 1_500 }, (_, i) =>
      i === 700 ? report(i + 1, "") : report(i + 1),
    );
    serve("/report_list", JSON.stringify(reports), 2);
    for (let poll = 0; poll < 2; poll++) {
      const read = await pollRead();
      expect(read.reports).toHaveLength(1_499);
      expect(read.unreadable).toEqual(["report 701: update_at expected YYYY-MM-DD HH:MM:SS"]);
    }
  });
});

describe("the report list read item by item from its bytes (the feed's poll)", () => {
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error,
    );

  it("reads each report as the whole list's reading would, read again by its index", async () => {
    const reports = [report(1), { ...report(2), note: "extra" }, report(3)];
    serve("/report_list", JSON.stringify(reports, null, 2));
    const { items } = await client.listReportItems(undefined);
    const read: Report[] = [];
    items?.forEach((listed) => {
      read.push(listed);
    });
    expect(read).toEqual(reports);
    expect(items?.at(1)).toEqual(reports[1]);
  });

  it("fails as not JSON when the body is cut off, as any answer would", async () => {
    emulator.faults.add({ method: "GET", path: "/report_list", malformedJson: true, times: 3 });
    const failure = await failureOf(client.listReportItems(undefined));
    expect(failure).toBeInstanceOf(ChatApiNotJsonError);
    expect(String(failure)).toContain('"[{"report_id":1,"to_gamer_id":"0","message":"cut off he"');
  });

  it("fails as not a list when the body is JSON of another shape", async () => {
    serve("/report_list", JSON.stringify({ reports: [report(1)] }), 3);
    const failure = await failureOf(client.listReportItems(undefined));
    expect(failure).toBeInstanceOf(ChatApiSchemaError);
    expect(String(failure)).toContain("(body): expected an array of reports");
  });

  it("fails as not JSON when the poll reaches an item that is not JSON", async () => {
    serve("/report_list", `[${JSON.stringify(report(1))}, {"report_id": 2, "status": tru}]`);
    const { items } = await client.listReportItems(undefined);
    const read: number[] = [];
    const failure = (() => {
      try {
        items?.forEach((listed) => {
          read.push(listed.report_id);
        });
      } catch (error) {
        return error;
      }
    })();
    expect(read).toEqual([1]);
    expect(failure).toBeInstanceOf(ChatApiNotJsonError);
    expect(String(failure)).toMatch(/GET \/report_list with HTTP 200 and a body that is not JSON/);
  });
});
