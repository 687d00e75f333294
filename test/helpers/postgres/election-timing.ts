// Leader election timing a test can wait out: a campaign round every 0.1 s, a heartbeat every
// 0.2 s, and a successor's fence of 2.5 s (heartbeat, its timeout and the deposed leader's stop).
import type { ElectionTiming } from "../../../src/store/postgres/leader-election.js";

export const FAST_ELECTION: ElectionTiming = {
  campaignEveryMs: 100,
  heartbeatEveryMs: 200,
  heartbeatTimeoutMs: 300,
};
