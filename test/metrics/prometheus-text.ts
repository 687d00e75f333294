// A scrape read the way Prometheus reads it: by a parser of the text exposition format
// (parse-prometheus-text-format, a port of the Prometheus Python client's parser), its output
// checked with zod. That parser loses the labels, _sum and _count of a labelled histogram or
// summary (github.com/yunyu/parse-prometheus-text-format issues 13, PR 8), so those families
// are read a second time without their TYPE line: each sample line then stands alone, exactly
// as the format writes it.
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { z } from "zod";

const familiesSchema = z.array(
  z.object({
    name: z.string(),
    help: z.string(),
    type: z.enum(["COUNTER", "GAUGE", "HISTOGRAM", "SUMMARY", "UNTYPED"]),
    metrics: z.array(
      z.object({
        value: z.string().optional(),
        labels: z.record(z.string(), z.string()).optional(),
      }),
    ),
  }),
);

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Scrape {
  /** Family name → COUNTER, GAUGE, HISTOGRAM, SUMMARY or UNTYPED. */
  types: Map<string, string>;
  /** Family name → its HELP text. */
  help: Map<string, string>;
  /** Every sample line: histogram buckets as `<name>_bucket` with `le`, `_sum`, `_count`. */
  samples: Sample[];
  /** The sum of the samples named `name` whose labels include `labels` (0 when none). */
  value(name: string, labels?: Record<string, string>): number;
}

export function parseScrape(text: string): Scrape {
  const families = familiesSchema.parse(parsePrometheusTextFormat(text));
  const types = new Map(families.map((family) => [family.name, family.type] as const));
  const help = new Map(families.map((family) => [family.name, family.help] as const));
  const untyped = text.replace(/^# TYPE \S+ (histogram|summary)$/gm, "");
  const samples = familiesSchema.parse(parsePrometheusTextFormat(untyped)).flatMap((family) =>
    family.metrics.map((metric) => ({
      name: family.name,
      labels: metric.labels ?? {},
      value: numberOf(metric.value ?? "NaN"),
    })),
  );
  return {
    types,
    help,
    samples,
    value(name, labels = {}) {
      return samples
        .filter((sample) => sample.name === name)
        .filter((sample) =>
          Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
        )
        .reduce((sum, sample) => sum + sample.value, 0);
    },
  };
}

function numberOf(text: string): number {
  if (text === "+Inf") return Number.POSITIVE_INFINITY;
  if (text === "-Inf") return Number.NEGATIVE_INFINITY;
  return Number(text);
}
