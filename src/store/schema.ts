// The tables of the store as Kysely sees them: one description for SQLite and PostgreSQL, so a
// query is written once and checked by the compiler against both. Times are epoch milliseconds
// (BIGINT on PostgreSQL, read back as numbers: see postgres/open-postgres.ts), except `cases.at`,
// an ISO 8601 text. JSON travels as text on both. Columns with a default are `Generated`.
import type { Generated } from "kysely";

export interface CasesTable {
  number: Generated<number>;
  at: string;
  platform: string;
  actor_id: string;
  actor_name: string;
  command: string;
  target: string | null;
  args: string;
  reason: string | null;
  outcome: "pending" | "success" | "failed" | "denied" | "unknown";
  answer: string | null;
  error: string | null;
  owner: string | null;
  /** What a case of the ban sync records (migration 16), unique; null on every other case. */
  sync_key: Generated<string | null>;
}

export interface StoreIdentityTable {
  id: string;
  /** When the report feed first polled this store; null: never. */
  feed_started_at: number | null;
  /** When its last poll that read the list and stored it began; null: none since migration 11. */
  feed_polled_at: number | null;
  /** Until when that poll's record may stand for the list: its next poll and the time one takes. */
  feed_fresh_until: number | null;
  /** How many ban syncs have stored what they read (migration 16); 0: none yet. */
  ban_syncs: Generated<number>;
  /** Epoch ms: when the list the last ban sync stored was read; null: never. */
  ban_synced_at: number | null;
}

export interface ReportCardsTable {
  card_id: Generated<number>;
  target: string;
  opened_at: number;
  state: "open" | "handling" | "banned" | "dismissed";
  handler_name: string | null;
  handler_platform: string | null;
  handled_at: number | null;
  outcome: string | null;
  case_number: number | null;
  /** How many reports are on the card: added to by every statement that puts reports on it. */
  report_count: Generated<number>;
  /** Epoch ms: when its high-priority alert was owed; null: never (migration 14). */
  alerted_at: number | null;
  /** Who took the card (Take), on which platform, and when (epoch ms); null: nobody (migration 15). */
  taken_by_id: string | null;
  taken_by_name: string | null;
  taken_by_platform: string | null;
  taken_at: number | null;
  /** The reminder that listed the card while it waited; null: none yet (migration 19). */
  reminder_id: number | null;
}

export interface ReportsTable {
  report_id: number;
  /** 0, then 1, 2… each time the chat API lists the report_id against another player. */
  generation: Generated<number>;
  target: string;
  /** The report's from_gamer_id: who reported. */
  reporter: string;
  body: string;
  fingerprint: string;
  seen_at: number;
  card_id: number | null;
  /**
   * The report's create_at as the body holds it: `YYYY-MM-DD HH:MM:SS` on the chat API's clock
   * (CHAT_TIMEZONE), which sorts as time does (migration 18). '' where the body had none.
   */
  created_local: Generated<string>;
  /** The report's category, its `keyword` as the body holds it (migration 18). */
  keyword: Generated<string>;
}

export interface CardMessagesTable {
  card_id: number;
  destination: string;
  ref: string;
}

export interface OutboxTable {
  id: Generated<number>;
  destination: string;
  kind: "post-card" | "edit-card" | "post-case" | "post-alert" | "post-digest" | "post-reminder";
  subject: number;
  state: "pending" | "in_flight" | "done" | "given_up";
  attempts: Generated<number>;
  due_at: number;
  lease_owner: string | null;
  lease_until: number | null;
  /** Epoch ms: when it last went from pending to in flight; kept when a process takes it over. */
  in_flight_since: number | null;
  /**
   * Epoch ms, on a pending delivery still in doubt: its attempts since in_flight_since, until this
   * time, may have posted it; it is looked up before it is posted again. Null: none may have.
   */
  attempted_until: number | null;
  created_at: number;
  finished_at: number | null;
  last_error: string | null;
  ref: string | null;
}

export interface PendingActionsTable {
  id: string;
  kind: "question" | "page";
  invoker: string;
  request: string;
  expires_at: number;
  decided_by: string | null;
}

export interface LocksTable {
  name: string;
  owner: string;
  lease_until: number;
}

export interface SeenRequestsTable {
  key: string;
  expires_at: number;
}

export interface LeaderTable {
  id: number;
  holder: string;
  since: number;
  released_at: number | null;
}

/** The chat API's ban count of a player as the bot last read it (migration 14). */
export interface BanCountsTable {
  gamer_id: string;
  /** `count` of GET /block_user_list: the player's bans so far, the running one included. */
  count: number;
  /** Epoch ms: when it was read. */
  read_at: number;
}

/** GET /block_user_list as the last ban sync read it, one row a running ban (migration 16). */
export interface ListedBansTable {
  gamer_id: string;
  count: number;
  /** The API's text, as listed (YYYY-MM-DDTHH:MM:SSZ). */
  start_time: string;
  end_time: string;
}

/**
 * Every gamer_id the bot has seen and each name seen with it (player-directory.ts). `name` is ''
 * for an id seen without one (a ban, a case); `name_key` is the name folded for case-insensitive
 * lookup (player-name.ts).
 */
export interface PlayerNamesTable {
  gamer_id: string;
  name: string;
  name_key: string;
  first_seen_at: number;
  last_seen_at: number;
}

/** A shift digest owed to a report destination for a scheduled slot (migration 19). */
export interface DigestsTable {
  id: Generated<number>;
  destination: string;
  /** Epoch ms: the slot's minute; unique with the destination, so a slot is owed once. */
  slot_at: number;
  /** Epoch ms: where "handled since the last digest" begins (the previous digest's slot). */
  since_at: number;
}

/** A reminder post, listing the cards whose reminder_id it is (migration 19). */
export interface RemindersTable {
  id: Generated<number>;
  /** Epoch ms: when the cards were found waiting. */
  at: number;
}

export interface Schema {
  cases: CasesTable;
  store_identity: StoreIdentityTable;
  report_cards: ReportCardsTable;
  reports: ReportsTable;
  card_messages: CardMessagesTable;
  outbox: OutboxTable;
  pending_actions: PendingActionsTable;
  locks: LocksTable;
  seen_requests: SeenRequestsTable;
  leader: LeaderTable;
  ban_counts: BanCountsTable;
  player_names: PlayerNamesTable;
  listed_bans: ListedBansTable;
  digests: DigestsTable;
  reminders: RemindersTable;
}
