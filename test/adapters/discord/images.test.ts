// A view's image (the stats chart) reaches Discord as a file of the answer's message, shown in
// its embed: the real discord.js sends it multipart (files[0] + payload_json), and the fake
// takes it only as Discord documents (test/fakes/discord/uploads.ts). Checked as a moderator
// would see it: the message holds the PNG, byte for byte, with its alt text, and the embed's
// picture is that file. Until `stats` exists, a test-only command answers with the chart.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { ViewImage } from "../../../src/view/view.js";
import type { FakeMessage } from "../../fakes/discord/server.js";
import { CHARTED_TITLE, chartedCommands } from "../../helpers/charted-commands.js";
import { EPHEMERAL } from "./answers.js";
import { type DiscordHarness, moderator, startDiscordHarness } from "./harness.js";

let chart: ViewImage;
let h: DiscordHarness;
beforeAll(async () => {
  const charted = await chartedCommands();
  chart = charted.chart;
  h = await startDiscordHarness({
    audit: false,
    extraCommands: charted.commands,
  });
});
afterAll(() => h.close());

const attachmentSchema = z.object({
  id: z.string(),
  filename: z.string(),
  description: z.string().optional(),
  content_type: z.string(),
  url: z.string(),
});
const shownSchema = z.object({
  attachments: z.array(attachmentSchema),
  embeds: z.array(z.object({ title: z.string(), image: z.object({ url: z.string() }) })),
});

/** What a member sees of the message: its file, the file's bytes, and the embed's picture. */
function picture(message: FakeMessage | undefined) {
  const shown = shownSchema.parse(message);
  const [file] = shown.attachments;
  return {
    filename: file?.filename,
    description: file?.description,
    contentType: file?.content_type,
    bytes: file && h.discord.attachmentBytes(file.id),
    embedShowsIt: shown.embeds[0]?.image.url === file?.url,
    title: shown.embeds[0]?.title,
  };
}

describe("an answer with an image", () => {
  it.each([
    ["chartpublic", "in the channel", false],
    ["chartprivate", "to the invoker only", true],
  ] as const)(
    "/%s shows the chart %s, attached and in the embed",
    async (command, _, ephemeral) => {
      const sent = h.discord.slash(moderator, command);
      // A public look-up first resolves its private loading line, then follows up in the channel.
      const answer = await h.discord.log.waitFor(
        (call) => call.path.includes(sent.token) && call.files !== undefined,
      );
      expect(answer.files).toEqual([
        {
          placeholder: "0",
          filename: "stats.png",
          contentType: "image/png",
          size: chart.png.length,
        },
      ]);
      const message = sent
        .answers()
        .find((shown) => z.array(z.unknown()).min(1).safeParse(shown.attachments).success);
      expect(((message?.flags ?? 0) & EPHEMERAL) !== 0).toBe(ephemeral);
      expect(picture(message)).toEqual({
        filename: "stats.png",
        description: chart.alt,
        contentType: "image/png",
        bytes: new Uint8Array(chart.png),
        embedShowsIt: true,
        title: CHARTED_TITLE,
      });
    },
  );
});
