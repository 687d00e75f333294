// The one encoding of form buttons: what the core puts in an action's id, what it reads back, the
// 100-character limit every platform can carry, and the ids of buttons posted before it.
import { describe, expect, it } from "vitest";
import {
  FORM_ACTION_ID_LIMIT,
  formAction,
  formActionId,
  readFormAction,
} from "../../src/view/form-action.js";

const HOSTILE = "?&=~%#+ /\\\"'<@U1>\n";

describe("form action ids", () => {
  it("round-trip a command with spaces and preset values of any text", () => {
    const request = { command: "channels create", args: { group: "global & co", name: "ü?=#" } };
    const id = formActionId(request);
    expect(id?.startsWith("cwform:channels%20create?")).toBe(true);
    expect(readFormAction(id ?? "")).toEqual(request);
  });

  it("carry prefilled fields marked with ~, apart from the preset arguments", () => {
    const request = {
      command: "ban",
      args: { gamer_id: "gamer-42" },
      defaults: { reason: "report #12 ~ 100%" },
    };
    const id = formActionId(request);
    expect(id).toBe("cwform:ban?gamer_id=gamer-42&~reason=report+%2312+~+100%25");
    expect(readFormAction(id ?? "")).toEqual(request);
  });

  it("round-trip hostile characters and text outside ASCII, and stay ASCII themselves", () => {
    for (const request of [
      { command: "ban", args: { gamer_id: HOSTILE }, defaults: { reason: "~" } },
      { command: "ban", args: { gamer_id: "g-1" }, defaults: { reason: "日本 ~é?&=#%" } },
    ]) {
      const id = formActionId(request) ?? "";
      expect(id).toMatch(/^[\x21-\x7e]+$/);
      expect(readFormAction(id)).toEqual(request);
    }
  });

  it("make a form action with the kind and the id, and nothing else to read", () => {
    const action = formAction({ command: "ban", args: { gamer_id: "g-1" } }, "Ban…");
    expect(action).toEqual({
      id: "cwform:ban?gamer_id=g-1",
      kind: "form",
      label: "Ban…",
      style: "danger",
    });
  });
});

describe("the 100-character limit (Discord's custom_id, the strictest)", () => {
  it("keeps a 64-character gamer id with a short reason whole", () => {
    const request = {
      command: "ban",
      args: { gamer_id: "g".repeat(64) },
      defaults: { reason: "#1" },
    };
    const id = formActionId(request) ?? "";
    expect(id.length).toBeLessThanOrEqual(FORM_ACTION_ID_LIMIT);
    expect(readFormAction(id)).toEqual(request);
  });

  it("drops the prefills first when the id would not fit, keeping the form", () => {
    const long = {
      command: "ban",
      args: { gamer_id: "gamer-42" },
      defaults: { reason: "r".repeat(90) },
    };
    expect(formActionId(long)).toBe("cwform:ban?gamer_id=gamer-42");
    // A long gamer id leaves no room for the reason, even a short one.
    const tight = {
      command: "ban",
      args: { gamer_id: "g".repeat(64) },
      defaults: { reason: "report #123456" },
    };
    const id = formActionId(tight) ?? "";
    expect(id.length).toBeLessThanOrEqual(FORM_ACTION_ID_LIMIT);
    expect(readFormAction(id)).toEqual({ command: "ban", args: { gamer_id: "g".repeat(64) } });
  });

  it("offers no form at all when even the bare request does not fit", () => {
    // 64 letters outside ASCII are 384 characters once percent-encoded.
    const request = { command: "ban", args: { gamer_id: "é".repeat(64) } };
    expect(formActionId(request)).toBeUndefined();
    expect(formAction(request, "Ban…")).toBeUndefined();
  });

  it("fits exactly at 100 and not at 101", () => {
    const prefix = "cwform:ban?gamer_id=".length;
    const at = (length: number) => ({
      command: "ban",
      args: { gamer_id: "x".repeat(length - prefix) },
    });
    expect(formActionId(at(100))?.length).toBe(100);
    expect(formActionId(at(101))).toBeUndefined();
  });
});

describe("ids that are not ours, or not well made", () => {
  it.each([
    ["another kind of action", "cw:confirm:AAAAAAAAAAAAAAAA"],
    ["a report button", "cw:report:12:ban1"],
    ["an empty id", ""],
    ["no command", "cwform:"],
    ["no command before the query", "cwform:?gamer_id=x"],
    ["a broken escape in the command", "cwform:%E0%A4%A"],
    ["a broken escape in a value", "cwform:ban?gamer_id=%FF"],
    ["a repeated argument", "cwform:ban?gamer_id=a&gamer_id=b"],
    ["a second query", "cwform:ban?gamer_id=a?days=3"],
    ["an escape we would not make", "cwform:ban?gamer_id=%61"],
    ["a Slack action id of the old form", "cwform:ban:gamer-42"],
    ["an id over 100 characters", `cwform:ban?gamer_id=${"x".repeat(81)}`],
    ["JSON that is not a request", '{"command":1}'],
    ["JSON with a non-text argument", '{"command":"ban","args":{"gamer_id":7}}'],
    ["text that is not JSON", "{not json"],
  ])("refuses %s", (_what, id) => {
    expect(readFormAction(id)).toBeUndefined();
  });
});

describe("buttons posted before the core made form ids", () => {
  it("reads Discord's custom ids, which were already this encoding", () => {
    expect(readFormAction("cwform:ban?gamer_id=gamer-42")).toEqual({
      command: "ban",
      args: { gamer_id: "gamer-42" },
    });
    expect(readFormAction("cwform:ban?gamer_id=g+1&~reason=report+%2312")).toEqual({
      command: "ban",
      args: { gamer_id: "g 1" },
      defaults: { reason: "report #12" },
    });
  });

  it("reads the JSON Slack buttons carried in their value", () => {
    const value = JSON.stringify({
      command: "ban",
      args: { gamer_id: "gamer-42" },
      defaults: { reason: "report #12" },
    });
    expect(readFormAction(value)).toEqual({
      command: "ban",
      args: { gamer_id: "gamer-42" },
      defaults: { reason: "report #12" },
    });
    expect(readFormAction(JSON.stringify({ command: "ban", args: {} }))).toEqual({
      command: "ban",
      args: {},
    });
  });
});
