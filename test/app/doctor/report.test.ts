// How the doctor's checks read: aligned lines with a mark, the fix after an arrow, a closing
// count; colour only when asked; the --json document; and nothing a server said can steer the
// terminal.
import { describe, expect, it } from "vitest";
import { painter } from "../../../adapters/console/colour.js";
import {
  doctorDocument,
  doctorJson,
  doctorPassed,
  doctorText,
} from "../../../app/doctor/report.js";
import type { DoctorCheck } from "../../../src/runtime/component.js";

const checks: DoctorCheck[] = [
  { name: "configuration", result: "pass", detail: "valid" },
  {
    name: "chat API token",
    result: "fail",
    detail: "rejected the master token (400701)",
    fix: "set CHAT_API_TOKEN to the chat/v1 master token",
  },
  { name: "Slack scopes", result: "skip", detail: "not checked" },
];

describe("doctorText", () => {
  it("prints one aligned line per check and a count, plain when colour is off", () => {
    expect(doctorText(checks, painter(false))).toBe(
      [
        "✓ configuration   valid",
        "✗ chat API token  rejected the master token (400701) → set CHAT_API_TOKEN to the chat/v1 master token",
        "- Slack scopes    not checked",
        "",
        "1 of 3 checks failed (1 skipped).",
        "",
      ].join("\n"),
    );
  });

  it("counts a run where everything passed", () => {
    expect(doctorText(checks.slice(0, 1), painter(false))).toMatch(/\nAll 1 checks passed\.\n$/);
    expect(doctorText([checks[0], checks[2]] as DoctorCheck[], painter(false))).toMatch(
      /\n1 of 2 checks passed \(1 skipped\); none failed\.\n$/,
    );
  });

  it("shows a warning with its fix and counts it, without calling the run failed", () => {
    const warned: DoctorCheck = {
      name: "Slack scopes",
      result: "warn",
      detail: "missing users:read",
      fix: "reinstall the app",
    };
    const text = doctorText([checks[0] as DoctorCheck, warned], painter(false));
    expect(text).toBe(
      [
        "✓ configuration  valid",
        "! Slack scopes   missing users:read → reinstall the app",
        "",
        "All 2 checks passed. 1 warning.",
        "",
      ].join("\n"),
    );
    expect(doctorText([warned], painter(true))).toContain("\u001b[33m!\u001b[39m");
    expect(doctorPassed([warned])).toBe(true);
    expect(JSON.parse(doctorJson([warned]))).toEqual({
      ok: true,
      checks: [{ ...warned, fix: "reinstall the app" }],
    });
  });

  it("colours the marks at a terminal", () => {
    const text = doctorText(checks, painter(true));
    expect(text).toContain("\u001b[32m✓\u001b[39m");
    expect(text).toContain("\u001b[31m✗\u001b[39m");
  });

  it("shows control characters from a server as harmless stand-ins", () => {
    const hostile: DoctorCheck = {
      name: "Discord roles",
      result: "pass",
      detail: "moderators: Mods\u001b]0;pwned\u0007\u202e",
    };
    const text = doctorText([hostile], painter(false));
    for (const raw of ["\u001b", "\u0007", "\u202e"]) expect(text).not.toContain(raw);
    expect(text).toContain("Mods␛]0;pwned␇");
    const document = JSON.stringify(doctorDocument([hostile]));
    for (const raw of ["\\u001b", "\u202e"]) expect(document).not.toContain(raw);
  });
});

describe("doctor --json", () => {
  it("is {ok, checks: [{name, result, detail, fix}]}, fix null unless failed", () => {
    expect(JSON.parse(doctorJson(checks))).toEqual({
      ok: false,
      checks: [
        { name: "configuration", result: "pass", detail: "valid", fix: null },
        {
          name: "chat API token",
          result: "fail",
          detail: "rejected the master token (400701)",
          fix: "set CHAT_API_TOKEN to the chat/v1 master token",
        },
        { name: "Slack scopes", result: "skip", detail: "not checked", fix: null },
      ],
    });
  });

  it("is ok when nothing failed, skips included", () => {
    expect(doctorPassed([checks[0], checks[2]] as DoctorCheck[])).toBe(true);
    expect(doctorPassed(checks)).toBe(false);
  });
});
