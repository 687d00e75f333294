// A series as one line of block characters, lowest to highest (`▁▃█▅`): a trend a terminal can
// show, where Discord and Slack show a chart. Scaled to the series' own highest value; a zero is
// the lowest block, so every day has a mark and days line up with their numbers.
const BLOCKS = "▁▂▃▄▅▆▇█";

export function sparkline(values: readonly number[]): string {
  const highest = Math.max(0, ...values);
  return values
    .map((value) => {
      const step =
        highest === 0 ? 0 : Math.round((Math.max(0, value) / highest) * (BLOCKS.length - 1));
      return BLOCKS[step];
    })
    .join("");
}
