// ops/grafana-dashboard.json is a dashboard Grafana can import as it stands: its model parses,
// panels sit on the 24-column grid without overlapping, every query goes to the dashboard's
// Prometheus data source, and every series a query names is one the bot really exposes, read
// from a scrape (process metrics included), so renaming a series without the dashboard fails.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Metrics } from "../../src/metrics/metrics.js";
import { parseScrape } from "./prometheus-text.js";

// biome-ignore lint/suspicious/noTemplateCurlyInString: Grafana's variable syntax, meant literally.
const DATASOURCE_UID = "${datasource}";
const DATASOURCE = { type: "prometheus", uid: DATASOURCE_UID };
const datasourceSchema = z.object({
  type: z.literal("prometheus"),
  uid: z.literal(DATASOURCE_UID),
});

const dashboardSchema = z.object({
  title: z.string().min(1),
  uid: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/),
  schemaVersion: z.number().int().min(36),
  time: z.object({ from: z.string(), to: z.string() }),
  templating: z.object({
    list: z.array(
      z.looseObject({
        name: z.string(),
        type: z.enum(["datasource", "query"]),
        query: z.union([z.string(), z.looseObject({ query: z.string() })]),
      }),
    ),
  }),
  panels: z
    .array(
      z.looseObject({
        id: z.number().int().positive(),
        type: z.enum(["timeseries", "stat"]),
        title: z.string().min(1),
        description: z.string().min(1),
        datasource: datasourceSchema,
        gridPos: z.object({
          x: z.number().int().min(0),
          y: z.number().int().min(0),
          w: z.number().int().min(1),
          h: z.number().int().min(1),
        }),
        targets: z
          .array(
            z.looseObject({
              refId: z.string().min(1),
              datasource: datasourceSchema,
              expr: z.string().min(1),
              legendFormat: z.string(),
            }),
          )
          .min(1),
      }),
    )
    .min(1),
});

const dashboard = dashboardSchema.parse(
  JSON.parse(readFileSync(new URL("../../ops/grafana-dashboard.json", import.meta.url), "utf8")),
);

/** Every sample name a serve process exposes, histograms' _bucket, _sum and _count included. */
async function exposedNames(): Promise<Set<string>> {
  const metrics = new Metrics();
  metrics.collectProcessMetrics();
  const scrape = parseScrape(await metrics.scrape());
  const names = new Set(scrape.samples.map((sample) => sample.name));
  for (const [family, type] of scrape.types) {
    names.add(family);
    if (type === "HISTOGRAM")
      for (const suffix of ["_bucket", "_sum", "_count"]) names.add(family + suffix);
  }
  return names;
}

const SERIES_NAME = /\b(?:chatwarden|process|nodejs)_[a-z0-9_]+\b/g;

describe("the Grafana dashboard", () => {
  it("lets the importer pick the Prometheus data source, and every query uses it", () => {
    const datasource = dashboard.templating.list.find((variable) => variable.name === "datasource");
    expect(datasource).toMatchObject({ type: "datasource", query: "prometheus" });
    for (const panel of dashboard.panels) {
      expect(panel.datasource, panel.title).toEqual(DATASOURCE);
    }
  });

  it("has panels with unique ids on the 24-column grid, none over another", () => {
    const ids = dashboard.panels.map((panel) => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
    const cells = new Map<string, string>();
    for (const { title, gridPos } of dashboard.panels) {
      expect(gridPos.x + gridPos.w, title).toBeLessThanOrEqual(24);
      for (let x = gridPos.x; x < gridPos.x + gridPos.w; x++) {
        for (let y = gridPos.y; y < gridPos.y + gridPos.h; y++) {
          const taken = cells.get(`${x},${y}`);
          expect(taken, `${title} overlaps ${taken}`).toBeUndefined();
          cells.set(`${x},${y}`, title);
        }
      }
    }
  });

  it("queries only series the bot exposes, and every query names at least one", async () => {
    const exposed = await exposedNames();
    const queries = [
      ...dashboard.panels.flatMap((panel) =>
        panel.targets.map((target) => ({
          where: `${panel.title} ${target.refId}`,
          expr: target.expr,
        })),
      ),
      ...dashboard.templating.list.flatMap((variable) =>
        typeof variable.query === "object"
          ? [{ where: variable.name, expr: variable.query.query }]
          : [],
      ),
    ];
    for (const { where, expr } of queries) {
      const named = expr.match(SERIES_NAME) ?? [];
      expect(named, where).not.toEqual([]);
      for (const name of named) expect(exposed.has(name), `${where}: ${name}`).toBe(true);
    }
  });

  it("shows every chatwarden_ series somewhere", async () => {
    const exposed = [...(await exposedNames())].filter(
      (name) => name.startsWith("chatwarden_") && !/_(bucket|sum|count)$/.test(name),
    );
    const queried = dashboard.panels
      .flatMap((panel) => panel.targets.map((target) => target.expr))
      .join("\n");
    for (const name of exposed) expect(queried, name).toContain(name);
  });
});
