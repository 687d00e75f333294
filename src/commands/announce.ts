import { freeTextArgument, nameArgument } from "../catalogue/arguments.js";
import { defineCommand } from "../catalogue/command.js";
import { text } from "../catalogue/wording.js";
import {
  announce,
  announcementQuestion,
  channelNumbers,
  MAX_ANNOUNCEMENT_LENGTH,
  unknownChannel,
} from "../moderation/announcement.js";

export const announceCommand = () =>
  defineCommand({
    name: "announce",
    summary: text("command.announce.summary"),
    args: {
      group: nameArgument("group", text("command.announce.arg.group"), "global", "channel-group"),
      channel: nameArgument(
        "channel",
        text("command.announce.arg.channel"),
        "server-1",
        "channel-name",
      ),
      message: freeTextArgument(
        "message",
        text("command.announce.arg.message", { max: MAX_ANNOUNCEMENT_LENGTH }),
        "Server maintenance at 10:00 UTC",
        MAX_ANNOUNCEMENT_LENGTH,
      ),
    },
    role: "admin",
    mutates: true,
    // Every player reads it and it cannot be taken back: always asked, with the exact text.
    confirm: (announcement) => announcementQuestion(announcement),
    // The numbers it goes to, when the channels can be read; otherwise the send will tell.
    async reviseConfirm(announcement, { api }) {
      const numbers = await channelNumbers(api, announcement).catch(() => undefined);
      return announcementQuestion(announcement, numbers);
    },
    nothingToDo: (announcement, { api }) => unknownChannel(api, announcement),
    handle: (announcement, { api }) => announce(api, announcement),
  });
