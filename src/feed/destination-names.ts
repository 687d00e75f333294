// Which destinations this deployment has, from the configuration alone: a platform with a report
// channel gets the feed, one with an audit channel gets the audit trail. Every process that shares
// the store (the bot's replicas, a one-shot CLI) derives the same names, so a case recorded
// anywhere owes its audit posts to the same destinations, and the leading replica sends them.
import type { Config } from "../config.js";
import type { DestinationName } from "./destination.js";

export interface DestinationNames {
  report: DestinationName[];
  audit: DestinationName[];
}

export const NO_DESTINATIONS: DestinationNames = { report: [], audit: [] };

export function destinationNames(config: Pick<Config, "discord" | "slack">): DestinationNames {
  const names: DestinationNames = { report: [], audit: [] };
  for (const platform of ["discord", "slack"] as const) {
    const section = config[platform];
    if (section?.reportChannelId) names.report.push(`${platform}:report`);
    if (section?.auditChannelId) names.audit.push(`${platform}:audit`);
  }
  return names;
}
