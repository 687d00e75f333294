// A button id becomes a label value only as its verb: the report id or stored key it carries,
// and whatever a forged press makes up, never reach Prometheus.
import { describe, expect, it } from "vitest";
import { reportButtonId } from "../../src/feed/report-buttons.js";
import { buttonAction } from "../../src/metrics/button-action.js";

describe("buttonAction", () => {
  it("names a report button by its verb", () => {
    for (const verb of ["dismiss", "only", "history"] as const) {
      expect(buttonAction(reportButtonId({ reportId: 1234, generation: 0 }, verb))).toBe(verb);
      // A report whose id the chat API gave out again names its generation too.
      expect(buttonAction(reportButtonId({ reportId: 1234, generation: 2 }, verb))).toBe(verb);
    }
  });

  it("names every ban button ban, whatever days it carries", () => {
    for (const verb of ["ban1", "ban7", "ban30", "ban365"] as const) {
      expect(buttonAction(reportButtonId({ reportId: 1234, generation: 0 }, verb))).toBe("ban");
      expect(buttonAction(reportButtonId({ reportId: 1234, generation: 2 }, verb))).toBe("ban");
    }
  });

  it("names a confirmation, a cancel, a page turn and a choice's answer by their kind", () => {
    expect(buttonAction("cw:confirm:AbCdEfGhIjKlMnOp")).toBe("confirm");
    expect(buttonAction("cw:cancel:AbCdEfGhIjKlMnOp")).toBe("cancel");
    expect(buttonAction("cw:page:AbCdEfGhIjKlMnOp")).toBe("page");
    expect(buttonAction("cw:choose:AbCdEfGhIjKlMnOp:3")).toBe("choose");
  });

  it("calls anything else unknown, whatever it says", () => {
    for (const forged of [
      "",
      "ban1",
      "cw:report:12:ban0",
      "cw:report:12:ban1234567",
      "cw:report:12:ban1:extra",
      "cw:confirm",
      "cw:gamer-42:confirm",
      "cw:choose:AbCdEfGhIjKlMnOp",
      "cw:choose:AbCdEfGhIjKlMnOp:3:x",
      "other-app:confirm:x",
    ]) {
      expect(buttonAction(forged), forged).toBe("unknown");
    }
  });
});
