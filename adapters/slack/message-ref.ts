// How the report feed remembers a Slack message: `channel/ts`. A ts alone is not enough, since
// chat.update needs the channel too, and the reference outlives any configuration change of
// SLACK_REPORT_CHANNEL_ID (an old report's message stays where it was posted).

/** A reference the store holds that is not a Slack `channel/ts`: nothing can ever edit it. */
export class MalformedMessageRefError extends Error {
  constructor(readonly ref: string) {
    super(`not a Slack message reference (channel/ts): ${JSON.stringify(ref)}`);
    this.name = "MalformedMessageRefError";
  }
}

export interface MessageRef {
  channel: string;
  ts: string;
}

const REF_PATTERN = /^([A-Z0-9]+)\/(\d+\.\d+)$/;

export function formatMessageRef(ref: MessageRef): string {
  return `${ref.channel}/${ref.ts}`;
}

export function parseMessageRef(ref: string): MessageRef {
  const match = REF_PATTERN.exec(ref);
  if (!match?.[1] || !match[2]) throw new MalformedMessageRefError(ref);
  return { channel: match[1], ts: match[2] };
}
