// The emulator's data: channels, bans, word lists, reports. Pure and synchronous: no I/O, one
// injectable clock, so tests move time instead of waiting. It keeps instants as Dates and writes
// the API's timestamp forms only when it answers, so changing the zone never corrupts data.
import type {
  BadWordEntry,
  BlockedUser,
  CreateChannelRequest,
  CreatedChannel,
  DeletedChannel,
  OpenChannel,
  Player,
  Report,
  SystemMessageRequest,
} from "../src/chat-api/schemas.js";
import { formatLocalTimestamp, formatUtcTimestamp, isKnownTimeZone } from "../src/chat-api/time.js";
import type { EmulatorBehaviour } from "./behaviour.js";

const DAY_MS = 86_400_000;

/** The word-list language that applies to every language; the spec says GET always lists it. */
export const ALL_LANGUAGES = "all";

export interface EmulatorStateOptions {
  now?: () => Date;
  /** Zone of the `YYYY-MM-DD HH:MM:SS` timestamps; default UTC. */
  timeZone?: string;
}

interface ChannelRecord {
  group: string;
  name: string;
  id: number;
  maxCount: number;
  isDefault: boolean;
  isAutoscaling: boolean;
  players: Array<{ gamer_id: string; gamer_name: string }>;
  lastChatAt: Date | undefined;
  createdAt: Date;
}

/** Kept after a ban ends, because `count` counts every ban the user ever had. */
interface BanRecord {
  gamerId: string;
  count: number;
  start: Date;
  end: Date;
}

/** A report's fields as the API names them, minus the two timestamps. */
export interface ReportFields {
  report_id: number;
  to_gamer_id: string;
  to_gamer_name: string;
  from_gamer_id: string;
  from_gamer_name: string;
  message: string;
  keyword: string;
  reason: string;
  status: number;
  value: number;
}

interface ReportRecord extends ReportFields {
  createdAt: Date;
  updatedAt: Date;
}

/** What a new report may specify; the rest is filled with plain defaults. */
export type ReportInput = Partial<ReportFields> & { createdAt?: Date; updatedAt?: Date };

/** Which channel number a player is in; a type, not an interface, so it fits DeletedChannel. */
export type ChannelPlacement = {
  channel_group: string;
  channel_name: string;
  channel_id: number;
};

export type JoinOutcome =
  | { outcome: "joined"; channel: ChannelPlacement }
  | { outcome: "no-channel" }
  | { outcome: "full" };

/** A ban of a banned user that is carried out (the "conflict" choice never reaches the state). */
export type RebanMode = Exclude<EmulatorBehaviour["rebanning"], "conflict">;

export type BadWordPutMode = EmulatorBehaviour["badWordPut"];

export interface ChannelCreation {
  /** The create request has no such field; channels created through the API autoscale. */
  isAutoscaling?: boolean;
  at?: Date;
}

export class EmulatorState {
  readonly now: () => Date;
  readonly timeZone: string;
  /** Every POST /system_message accepted, in order (the API itself has no way to read them). */
  readonly systemMessages: SystemMessageRequest[] = [];

  private readonly channelsByGroup = new Map<string, ChannelRecord[]>();
  // Outlives the group's channels so that a number is never given out twice in one group.
  private readonly lastChannelIdByGroup = new Map<string, number>();
  private readonly bans = new Map<string, BanRecord>();
  private readonly badWords = new Map<string, string[]>([[ALL_LANGUAGES, []]]);
  private readonly reports: ReportRecord[] = [];
  /** The same reports by id: adding one to a list of 100,000 must not scan it. */
  private readonly reportsById = new Map<number, ReportRecord>();
  private nextReportId = 1;

  constructor(options: EmulatorStateOptions = {}) {
    this.now = options.now ?? (() => new Date());
    this.timeZone = options.timeZone ?? "UTC";
    if (!isKnownTimeZone(this.timeZone))
      throw new RangeError(`unknown time zone: ${this.timeZone}`);
  }

  // ---- channels ------------------------------------------------------------------------------

  /** Groups that have at least one channel, in the order they were first used. */
  channelGroups(): string[] {
    return [...this.channelsByGroup.keys()];
  }

  /** A group nobody created answers like an empty one: the spec has no "unknown group" error. */
  listChannels(group: string): OpenChannel[] {
    return (this.channelsByGroup.get(group) ?? []).map((channel) => ({
      channel_name: channel.name,
      channel_id: channel.id,
      max_count: channel.maxCount,
      is_default: channel.isDefault,
      is_autoscaling: channel.isAutoscaling,
      players: channel.players.map((player) => ({ ...player })),
      last_chat_time: channel.lastChatAt ? this.local(channel.lastChatAt) : "",
      create_at: this.local(channel.createdAt),
    }));
  }

  hasChannel(group: string, name: string): boolean {
    return this.channelsNamed(group, name).length > 0;
  }

  /** Adds one channel number, even when the name exists (the caller decides whether it may). */
  createChannel(request: CreateChannelRequest, creation: ChannelCreation = {}): CreatedChannel {
    const channel = this.addChannelNumber({
      group: request.channel_group,
      name: request.channel_name,
      maxCount: request.max_count,
      isDefault: request.is_default,
      isAutoscaling: creation.isAutoscaling ?? true,
      createdAt: creation.at ?? this.now(),
    });
    return {
      channel_group: channel.group,
      channel_name: channel.name,
      channel_id: channel.id,
      max_count: channel.maxCount,
      is_default: channel.isDefault,
      create_at: this.local(channel.createdAt),
    };
  }

  /** Removes every number of the name; an empty answer when the group has no such name. */
  deleteChannel(group: string, name: string): DeletedChannel[] {
    const channels = this.channelsByGroup.get(group) ?? [];
    const deleted = channels.filter((channel) => channel.name === name);
    const kept = channels.filter((channel) => channel.name !== name);
    if (kept.length > 0) this.channelsByGroup.set(group, kept);
    else this.channelsByGroup.delete(group);
    return deleted.map((channel) => placementOf(channel));
  }

  /**
   * Puts a player into the first number of the name with room. When that fills the last free
   * number of an autoscaling channel, the next number appears at once, as the spec describes.
   */
  joinPlayer(group: string, name: string, player: Player): JoinOutcome {
    const numbers = this.channelsNamed(group, name);
    if (numbers.length === 0) return { outcome: "no-channel" };
    const present = numbers.find((channel) =>
      channel.players.some((member) => member.gamer_id === player.gamer_id),
    );
    if (present) return { outcome: "joined", channel: placementOf(present) };

    const withRoom = numbers.find((channel) => channel.players.length < channel.maxCount);
    if (!withRoom) return { outcome: "full" };
    withRoom.players.push({ gamer_id: player.gamer_id, gamer_name: player.gamer_name });

    const anyRoomLeft = numbers.some((channel) => channel.players.length < channel.maxCount);
    if (withRoom.isAutoscaling && !anyRoomLeft) {
      this.addChannelNumber({
        group,
        name,
        maxCount: withRoom.maxCount,
        // The name keeps one FALLBACK number; the overflow numbers never take it over.
        isDefault: false,
        isAutoscaling: true,
        createdAt: this.now(),
      });
    }
    return { outcome: "joined", channel: placementOf(withRoom) };
  }

  /** Sets a channel's last_chat_time; false when the group has no such number. */
  recordChat(group: string, channelId: number, at: Date = this.now()): boolean {
    const channel = this.channelsByGroup
      .get(group)
      ?.find((candidate) => candidate.id === channelId);
    if (!channel) return false;
    channel.lastChatAt = at;
    return true;
  }

  /** Keeps the message and counts it as chat; false when the named channel number is unknown. */
  postSystemMessage(request: SystemMessageRequest): boolean {
    const exists = this.channelsNamed(request.channel_group, request.channel_name).some(
      (channel) => channel.id === request.channel_id,
    );
    if (!exists) return false;
    this.systemMessages.push({ ...request });
    this.recordChat(request.channel_group, request.channel_id);
    return true;
  }

  private channelsNamed(group: string, name: string): ChannelRecord[] {
    return (this.channelsByGroup.get(group) ?? []).filter((channel) => channel.name === name);
  }

  private addChannelNumber(
    fields: Omit<ChannelRecord, "id" | "players" | "lastChatAt">,
  ): ChannelRecord {
    const channels = this.channelsByGroup.get(fields.group) ?? [];
    // One FALLBACK per group: designating a new one takes the flag from the old one.
    if (fields.isDefault) for (const other of channels) other.isDefault = false;
    const id = (this.lastChannelIdByGroup.get(fields.group) ?? 0) + 1;
    this.lastChannelIdByGroup.set(fields.group, id);
    const channel: ChannelRecord = { ...fields, id, players: [], lastChatAt: undefined };
    channels.push(channel);
    this.channelsByGroup.set(fields.group, channels);
    return channel;
  }

  // ---- bans ----------------------------------------------------------------------------------

  /** Running bans only: a ban whose end_time has passed is no longer listed. */
  listBans(): BlockedUser[] {
    return [...this.bans.values()]
      .filter((ban) => this.isRunning(ban))
      .map((ban) => this.blockedUserOf(ban));
  }

  runningBan(gamerId: string): BlockedUser | undefined {
    const ban = this.bans.get(gamerId);
    return ban && this.isRunning(ban) ? this.blockedUserOf(ban) : undefined;
  }

  /** Bans for whole days from `at`; a user banned before (even long ago) gets count + 1. */
  ban(
    gamerId: string,
    days: number,
    mode: RebanMode = "extend",
    at: Date = this.now(),
  ): BlockedUser {
    const previous = this.bans.get(gamerId);
    const length = days * DAY_MS;
    let ban: BanRecord;
    if (!previous) {
      ban = { gamerId, count: 1, start: at, end: new Date(at.getTime() + length) };
    } else if (mode === "stack" && previous.end > at) {
      ban = {
        ...previous,
        count: previous.count + 1,
        end: new Date(previous.end.getTime() + length),
      };
    } else {
      ban = { gamerId, count: previous.count + 1, start: at, end: new Date(at.getTime() + length) };
    }
    this.bans.set(gamerId, ban);
    return this.blockedUserOf(ban);
  }

  /** Ends a running ban now; false when the user has none. The count is kept for next time. */
  unban(gamerId: string): boolean {
    const ban = this.bans.get(gamerId);
    if (!ban || !this.isRunning(ban)) return false;
    ban.end = this.now();
    return true;
  }

  private isRunning(ban: BanRecord): boolean {
    return ban.end.getTime() > this.now().getTime();
  }

  private blockedUserOf(ban: BanRecord): BlockedUser {
    return {
      gamer_id: ban.gamerId,
      count: ban.count,
      start_time: formatUtcTimestamp(ban.start),
      end_time: formatUtcTimestamp(ban.end),
    };
  }

  // ---- profanity lists -----------------------------------------------------------------------

  /** One entry per language, `all` first, then languages in the order they were first written. */
  listBadWords(): BadWordEntry[] {
    return [...this.badWords].map(([language, filters]) => ({ language, filters: [...filters] }));
  }

  /**
   * Language codes are kept lower-case (as the samples write them), so `ko-KR` and `ko-kr` are
   * one list. Merging keeps the current order and appends what is new.
   */
  putBadWords(language: string, filters: readonly string[], mode: BadWordPutMode): BadWordEntry {
    const key = language.toLowerCase();
    const current = this.badWords.get(key) ?? [];
    const next = mode === "merge" ? mergeWords(current, filters) : [...filters];
    this.badWords.set(key, next);
    return { language: key, filters: [...next] };
  }

  // ---- reports -------------------------------------------------------------------------------

  /** In the order they arrived, which is not necessarily report_id order. */
  listReports(): Report[] {
    return this.reports.map((report) => this.reportOf(report));
  }

  get reportCount(): number {
    return this.reports.length;
  }

  hasReport(reportId: number): boolean {
    return this.reportsById.has(reportId);
  }

  /**
   * Adds a report. Without a report_id it takes one above every id seen so far; an explicit id
   * lets tests make gaps and out-of-order ids. Throws when the id is taken.
   */
  injectReport(input: ReportInput = {}): Report {
    const { createdAt, updatedAt, ...fields } = input;
    const reportId = fields.report_id ?? this.nextReportId;
    if (this.hasReport(reportId)) throw new RangeError(`report_id ${reportId} already exists`);
    this.nextReportId = Math.max(this.nextReportId, reportId + 1);
    const created = createdAt ?? this.now();
    const report: ReportRecord = {
      to_gamer_id: "0",
      to_gamer_name: "a0",
      from_gamer_id: "1",
      from_gamer_name: "a1",
      message: "",
      keyword: "INAPPROPRIATE",
      reason: "",
      status: 1,
      value: 0,
      ...withoutUndefined(fields),
      report_id: reportId,
      createdAt: created,
      updatedAt: updatedAt ?? created,
    };
    this.reports.push(report);
    this.reportsById.set(reportId, report);
    return this.reportOf(report);
  }

  /** Changes a report's status (the way a dashboard would); undefined when the id is unknown. */
  updateReport(
    reportId: number,
    change: { status: number; value?: number; updatedAt?: Date },
  ): Report | undefined {
    const report = this.reportsById.get(reportId);
    if (!report) return undefined;
    report.status = change.status;
    if (change.value !== undefined) report.value = change.value;
    report.updatedAt = change.updatedAt ?? this.now();
    return this.reportOf(report);
  }

  private reportOf(report: ReportRecord): Report {
    return {
      report_id: report.report_id,
      to_gamer_id: report.to_gamer_id,
      to_gamer_name: report.to_gamer_name,
      from_gamer_id: report.from_gamer_id,
      from_gamer_name: report.from_gamer_name,
      message: report.message,
      keyword: report.keyword,
      reason: report.reason,
      status: report.status,
      value: report.value,
      update_at: this.local(report.updatedAt),
      create_at: this.local(report.createdAt),
    };
  }

  private local(instant: Date): string {
    return formatLocalTimestamp(instant, this.timeZone);
  }
}

function placementOf(channel: ChannelRecord): ChannelPlacement {
  return { channel_group: channel.group, channel_name: channel.name, channel_id: channel.id };
}

function mergeWords(current: readonly string[], added: readonly string[]): string[] {
  const merged = [...current];
  for (const word of added) if (!merged.includes(word)) merged.push(word);
  return merged;
}

/** `{ status: undefined }` means "not given" here, so it must not overwrite a default. */
function withoutUndefined<Fields extends object>(fields: Fields): Partial<Fields> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as Partial<Fields>;
}
