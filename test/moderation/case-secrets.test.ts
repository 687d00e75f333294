// Item 7 of issue 9: no configured secret reaches a stored case, whatever the chat API echoes.
// The chat API token travels through the client too (see test/commands/secret-echo.test.ts);
// here the store alone, with every kind of secret the configuration can hold.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CaseStore } from "../../src/moderation/cases.js";
import { Redactor } from "../../src/redact.js";
import { type Database, openDatabase } from "../../src/store/db.js";
import { moderator } from "../helpers/core.js";

const SECRETS = {
  chatApi: "chat-api-master-token-1",
  discord: "discord.bot.token-2",
  slackBot: "fake-slack-bot-token-3",
  signing: "slack-signing-secret-4",
  appToken: "fake-slack-app-token-5",
  metrics: "metrics-token-6",
};

let dataDir: string;
let db: Database;
let cases: CaseStore;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "chatwarden-secrets-"));
  db = openDatabase(dataDir);
  cases = new CaseStore(db, () => new Date(), undefined, new Redactor(Object.values(SECRETS)));
});
const storedRows = () => JSON.stringify(db.prepare("SELECT * FROM cases").all());
afterEach(() => {
  db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a case's stored answer and error", () => {
  it("hold no configured secret, wherever it hides", () => {
    const recorded = cases.record({
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
    const rows = storedRows();
    for (const [name, secret] of Object.entries(SECRETS)) {
      expect(rows, name).not.toContain(secret);
      expect(JSON.stringify(cases.get(recorded.number)), name).not.toContain(secret);
    }
    expect(recorded.answer).toMatchObject({
      answer: { gamer_id: "gamer-42", days: 3, debug: "Bearer [redacted]" },
    });
    expect(recorded.error).toBe("upstream said [redacted]");
    expect(recorded.reason).toBe("pasted by mistake: [redacted]");
  });

  it("hold none when a pending case is completed with the answer", () => {
    const opened = cases.open({
      actor: moderator,
      command: "unban",
      target: "gamer-7",
      args: { gamer_id: "gamer-7" },
    });
    const completed = cases.complete(opened.number, {
      outcome: "failed",
      answer: { echo: { gamer_id: "gamer-7", token: SECRETS.slackBot } },
      error: `The chat API answered: Bearer ${SECRETS.chatApi}`,
    });
    for (const [name, secret] of Object.entries(SECRETS)) {
      expect(storedRows(), name).not.toContain(secret);
    }
    expect(completed.answer).toEqual({ echo: { gamer_id: "gamer-7", token: "[redacted]" } });
    expect(completed.error).toBe("The chat API answered: Bearer [redacted]");
  });
});
