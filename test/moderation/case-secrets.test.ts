// Item 7 of issue 9: no configured secret reaches a stored case, whatever the chat API echoes.
// The chat API token travels through the client too (see test/commands/secret-echo.test.ts);
// here the store alone (each engine), with every kind of secret the configuration can hold.
import { beforeEach, describe, expect, it } from "vitest";
import { CaseStore } from "../../src/moderation/cases.js";
import { Redactor } from "../../src/redact.js";
import type { Store } from "../../src/store/store.js";
import { moderator } from "../helpers/core.js";
import { openTestStore, STORE_KINDS } from "../helpers/stores.js";

const SECRETS = {
  chatApi: "chat-api-master-token-1",
  discord: "discord.bot.token-2",
  slackBot: "fake-slack-bot-token-3",
  signing: "slack-signing-secret-4",
  appToken: "fake-slack-app-token-5",
  metrics: "metrics-token-6",
};

describe.each(STORE_KINDS)("a case's stored answer and error, on %s", (kind) => {
  let store: Store;
  let cases: CaseStore;
  beforeEach(async () => {
    ({ store } = await openTestStore(kind));
    cases = new CaseStore(store, () => new Date(), undefined, new Redactor(Object.values(SECRETS)));
  });
  const storedRows = async () =>
    JSON.stringify(await store.db.selectFrom("cases").selectAll().execute());

  it("hold no configured secret, wherever it hides", async () => {
    const recorded = await cases.record({
      actor: moderator,
      command: "ban",
      target: "gamer-42",
      args: { gamer_id: "gamer-42", days: 3 },
      reason: `pasted by mistake: ${SECRETS.discord}`,
      outcome: "success",
      answer: {
        answer: {
          gamer_id: "gamer-42",
          days: 3,
          debug: `Bearer ${SECRETS.chatApi}`,
          nested: [{ slack: SECRETS.slackBot, [SECRETS.signing]: "as a key" }],
          app: `${SECRETS.appToken}${SECRETS.metrics}`,
        },
      },
      error: `upstream said ${SECRETS.discord}`,
    });
    const rows = await storedRows();
    for (const [name, secret] of Object.entries(SECRETS)) {
      expect(rows, name).not.toContain(secret);
      expect(JSON.stringify(await cases.get(recorded.number)), name).not.toContain(secret);
    }
    expect(recorded.answer).toMatchObject({
      answer: { gamer_id: "gamer-42", days: 3, debug: "Bearer [redacted]" },
    });
    expect(recorded.error).toBe("upstream said [redacted]");
    expect(recorded.reason).toBe("pasted by mistake: [redacted]");
  });

  it("hold none when a pending case is completed with the answer", async () => {
    const opened = await cases.open({
      actor: moderator,
      command: "unban",
      target: "gamer-7",
      args: { gamer_id: "gamer-7" },
    });
    const completed = await cases.complete(opened.number, {
      outcome: "failed",
      answer: { echo: { gamer_id: "gamer-7", token: SECRETS.slackBot } },
      error: `The chat API answered: Bearer ${SECRETS.chatApi}`,
    });
    for (const [name, secret] of Object.entries(SECRETS)) {
      expect(await storedRows(), name).not.toContain(secret);
    }
    expect(completed.answer).toEqual({ echo: { gamer_id: "gamer-7", token: "[redacted]" } });
    expect(completed.error).toBe("The chat API answered: Bearer [redacted]");
  });
});
