import { describe, expect, it, vi } from "vitest";
import type { RunningEmulator } from "../../emulator/server.js";
import { reportListSchema, reportSchema } from "../../src/chat-api/schemas.js";
import { callApi, callControl, useEmulator } from "./helpers.js";

const NOW = new Date("2024-06-17T09:50:23Z");

async function listReports(emulator: RunningEmulator) {
  const answer = await callApi(emulator, "GET", "/report_list");
  expect(answer.status).toBe(200);
  return reportListSchema.parse(answer.json);
}

describe("reports", () => {
  const start = useEmulator();

  it("lists nothing on an empty emulator", async () => {
    const emulator = await start();
    expect(await listReports(emulator)).toStrictEqual([]);
  });

  it("lists an injected report with the sample's shape, defaults filled", async () => {
    const emulator = await start({ now: () => NOW });
    emulator.state.injectReport({ message: "XXXXXXXXXXXXXXXXXX", reason: "비속어 및 성적 발언" });
    expect(await listReports(emulator)).toStrictEqual([
      {
        report_id: 1,
        to_gamer_id: "0",
        to_gamer_name: "a0",
        from_gamer_id: "1",
        from_gamer_name: "a1",
        message: "XXXXXXXXXXXXXXXXXX",
        keyword: "INAPPROPRIATE",
        reason: "비속어 및 성적 발언",
        status: 1,
        value: 0,
        update_at: "2024-06-17 09:50:23",
        create_at: "2024-06-17 09:50:23",
      },
    ]);
  });

  it("takes explicit, non-dense and out-of-order ids, and continues above the highest", async () => {
    const emulator = await start();
    emulator.state.injectReport({ report_id: 10 });
    emulator.state.injectReport({ report_id: 3 });
    emulator.state.injectReport();
    expect((await listReports(emulator)).map((report) => report.report_id)).toStrictEqual([
      10, 3, 11,
    ]);
    expect(() => emulator.state.injectReport({ report_id: 3 })).toThrow(/already exists/);
  });

  it("injects and changes reports through the control surface", async () => {
    const emulator = await start({ now: () => NOW, controls: true, timeZone: "Asia/Seoul" });
    const injected = await callControl(emulator, "POST", "/reports", {
      report_id: 42,
      to_gamer_id: "10005",
      to_gamer_name: "@everyone",
      keyword: "SPAM",
      create_at: "2024-06-17 18:00:00",
    });
    expect(injected.status).toBe(200);
    expect(reportSchema.parse(injected.json)).toMatchObject({
      report_id: 42,
      to_gamer_name: "@everyone",
      status: 1,
      create_at: "2024-06-17 18:00:00",
      update_at: "2024-06-17 18:00:00",
    });

    const taken = await callControl(emulator, "POST", "/reports", { report_id: 42 });
    expect(taken.status).toBe(409);
    expect(taken.json).toMatchObject({ code: 409903, error: true });

    const changed = await callControl(emulator, "PATCH", "/reports/42", { status: 2 });
    expect(changed.status).toBe(200);
    expect(reportSchema.parse(changed.json)).toMatchObject({
      status: 2,
      update_at: "2024-06-17 18:50:23",
    });
    const listed = await listReports(emulator);
    expect(listed[0]).toMatchObject({ report_id: 42, status: 2, update_at: "2024-06-17 18:50:23" });

    const explicit = await callControl(emulator, "PATCH", "/reports/42", {
      status: 3,
      update_at: "2024-06-18 00:00:00",
    });
    expect(reportSchema.parse(explicit.json).update_at).toBe("2024-06-18 00:00:00");

    const unknown = await callControl(emulator, "PATCH", "/reports/7", { status: 2 });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ code: 404903, error: true });
    const typo = await callControl(emulator, "PATCH", "/reports/42", { stauts: 2 });
    expect(typo.status).toBe(400);
  });

  it("keeps adding reports while the generator runs", async () => {
    const emulator = await start({ seed: "empty", reportEveryMs: 20 });
    await vi.waitFor(() => expect(emulator.state.reportCount).toBeGreaterThanOrEqual(2), {
      timeout: 2_000,
    });
    const reports = await listReports(emulator);
    expect(reports[0]?.report_id).toBe(1);
    expect(reports[0]?.from_gamer_id).not.toBe(reports[0]?.to_gamer_id);
  });
});
