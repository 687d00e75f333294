// How a player's name is compared: case-insensitively, so that `shadowfox` finds ShadowFox. The
// store keeps each name beside its key (player_names.name_key), written by this function, and a
// lookup folds what was typed the same way: the engines' own lower() differ (SQLite's folds only
// A-Z), so the folding is done here, once, for both.

/** The name as it is looked up: lower case, by Unicode's default rules (no locale's). */
export function playerNameKey(name: string): string {
  return name.toLowerCase();
}
