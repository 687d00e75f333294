// The HTTP gate's signature check, against signatures made the way Slack makes them (the fake's
// signing.ts): only the exact signature of this body, this timestamp and this secret passes.
import { describe, expect, it } from "vitest";
import { signedBySlack } from "../../../adapters/slack/request-signature.js";
import { slackSignature } from "../../fakes/slack/signing.js";

const SECRET = "8f742231b10e8888abcd99yyyzzz85a5";
const AT = 1_531_420_618;
const BODY = "token=xyzz0WbapA4vBCDEFasx0q6G&command=%2Fbans&text=";

describe("signedBySlack", () => {
  it("passes Slack's signature of the body", () => {
    expect(signedBySlack(SECRET, AT, BODY, slackSignature(SECRET, AT, BODY))).toBe(true);
  });

  it.each([
    ["another body", slackSignature(SECRET, AT, `${BODY}x`)],
    ["another timestamp", slackSignature(SECRET, AT + 1, BODY)],
    ["another secret", slackSignature("not-the-secret", AT, BODY)],
    ["a cut signature", slackSignature(SECRET, AT, BODY).slice(0, -1)],
    ["the same digits in capitals", slackSignature(SECRET, AT, BODY).toUpperCase()],
    ["no signature", ""],
  ])("refuses %s", (_what, signature) => {
    expect(signedBySlack(SECRET, AT, BODY, signature)).toBe(false);
  });
});
