// Who the fake workspace and its bot are, wherever the fake needs to say it: auth.test, the
// messages the bot posts, the payloads Slack sends.
export const FAKE_TEAM = { id: "T0FAKE", name: "Fake Team" };
export const FAKE_BOT = { userId: "U0BOT", botId: "B0BOT", appId: "A0FAKE", name: "chatwarden" };
