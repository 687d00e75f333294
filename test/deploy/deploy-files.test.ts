// The deployment examples under deploy/ parse, and say what the bot needs: two replicas with
// both probes on the bot's port, every variable one the configuration reads (the secret ones
// from the Secret), a disruption budget that keeps one replica, and a systemd unit that runs
// `serve` and gives it time to stop gracefully.
import { readFileSync } from "node:fs";
import { parseEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";
import { z } from "zod";
import { STOP_GRACE_MS } from "../../app/lifecycle.js";
import { parseConfig } from "../../src/config.js";

const envSchema = z.array(
  z.union([
    z.object({ name: z.string(), value: z.string() }),
    z.object({
      name: z.string(),
      valueFrom: z.object({ secretKeyRef: z.object({ name: z.string(), key: z.string() }) }),
    }),
  ]),
);
const probeSchema = z.object({ httpGet: z.object({ path: z.string(), port: z.string() }) });
const deploymentSchema = z.object({
  kind: z.literal("Deployment"),
  spec: z.object({
    replicas: z.number(),
    selector: z.object({ matchLabels: z.record(z.string(), z.string()) }),
    strategy: z.object({
      rollingUpdate: z.object({ maxUnavailable: z.number(), maxSurge: z.number() }),
    }),
    template: z.object({
      metadata: z.object({ labels: z.record(z.string(), z.string()) }),
      spec: z.object({
        terminationGracePeriodSeconds: z.number(),
        containers: z.array(
          z.object({
            command: z.array(z.string()),
            ports: z.array(z.object({ name: z.string(), containerPort: z.number() })),
            env: envSchema,
            livenessProbe: probeSchema,
            readinessProbe: probeSchema,
          }),
        ),
      }),
    }),
  }),
});
const secretSchema = z.object({
  kind: z.literal("Secret"),
  metadata: z.object({ name: z.string() }),
  stringData: z.record(z.string(), z.string()),
});
const budgetSchema = z.object({
  kind: z.literal("PodDisruptionBudget"),
  spec: z.object({
    minAvailable: z.number(),
    selector: z.object({ matchLabels: z.record(z.string(), z.string()) }),
  }),
});

function kubernetesDocuments(): unknown[] {
  const text = readFileSync("deploy/kubernetes/chatwarden.yaml", "utf8");
  const documents = parseAllDocuments(text);
  for (const document of documents) expect(document.errors).toEqual([]);
  return documents.map((document) => document.toJS());
}

function ofKind<T>(schema: z.ZodType<T>, kind: string): T {
  const found = kubernetesDocuments().find(
    (document) => z.object({ kind: z.string() }).parse(document).kind === kind,
  );
  return schema.parse(found);
}

describe("the Kubernetes example", () => {
  it("runs two replicas of serve, rolling without ever dropping below two", () => {
    const deployment = ofKind(deploymentSchema, "Deployment");
    expect(deployment.spec.replicas).toBe(2);
    expect(deployment.spec.strategy.rollingUpdate).toEqual({ maxUnavailable: 0, maxSurge: 1 });
    const [container] = deployment.spec.template.spec.containers;
    expect(container?.command).toEqual(["node", "dist/cli.js", "serve"]);
    // Longer than the bot's own graceful stop.
    expect(deployment.spec.template.spec.terminationGracePeriodSeconds * 1000).toBeGreaterThan(
      STOP_GRACE_MS,
    );
  });

  it("probes /healthz for liveness and /readyz for readiness, on the bot's port", () => {
    const [container] = ofKind(deploymentSchema, "Deployment").spec.template.spec.containers;
    expect(container?.livenessProbe.httpGet.path).toBe("/healthz");
    expect(container?.readinessProbe.httpGet.path).toBe("/readyz");
    const port = container?.ports.find((p) => p.name === container.livenessProbe.httpGet.port);
    expect(port?.containerPort).toBe(parseConfig({}).port);
  });

  it("sets only variables the bot reads, the secret ones from the Secret, and they parse", () => {
    const secret = ofKind(secretSchema, "Secret");
    const [container] = ofKind(deploymentSchema, "Deployment").spec.template.spec.containers;
    const environment: Record<string, string> = {};
    for (const variable of container?.env ?? []) {
      if ("valueFrom" in variable) {
        expect(variable.valueFrom.secretKeyRef.name).toBe(secret.metadata.name);
        const value = secret.stringData[variable.valueFrom.secretKeyRef.key];
        expect(value, variable.name).toBeDefined();
        environment[variable.name] = value ?? "";
      } else {
        environment[variable.name] = variable.value;
      }
    }
    expect(Object.keys(environment)).toContain("DATABASE_URL");
    // .env.example documents every variable the configuration reads (test/env-example.test.ts).
    const known = Object.keys(parseEnv(readFileSync(".env.example", "utf8")));
    expect(Object.keys(environment).filter((name) => !known.includes(name))).toEqual([]);
    // The example's placeholders are not real ids or tokens; what must parse is the shape: a URL
    // where a URL goes, PostgreSQL as the store.
    const config = parseConfig({
      ...environment,
      SLACK_BOT_TOKEN: "xoxb-FAKE_placeholder",
      DISCORD_APPLICATION_ID: "100000000000000001",
      DISCORD_GUILD_ID: "100000000000000002",
      DISCORD_REPORT_CHANNEL_ID: "100000000000000003",
      DISCORD_AUDIT_CHANNEL_ID: "100000000000000004",
      DISCORD_MODERATOR_ROLE_IDS: "100000000000000005",
      SLACK_REPORT_CHANNEL_ID: "C0000000001",
      SLACK_AUDIT_CHANNEL_ID: "C0000000002",
      SLACK_MODERATOR_USER_IDS: "U0000000001",
    });
    expect(config.databaseUrl).toBeDefined();
    expect(config.discord).toBeDefined();
    expect(config.slack?.mode.kind).toBe("http");
  });

  it("keeps one replica through a node drain, selecting the Deployment's pods", () => {
    const budget = ofKind(budgetSchema, "PodDisruptionBudget");
    const deployment = ofKind(deploymentSchema, "Deployment");
    expect(budget.spec.minAvailable).toBe(1);
    expect(budget.spec.selector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
    expect(deployment.spec.template.metadata.labels).toMatchObject(
      deployment.spec.selector.matchLabels,
    );
  });
});

describe("the systemd unit", () => {
  const unit = readFileSync("deploy/systemd/chatwarden.service", "utf8");
  const service = Object.fromEntries(
    unit
      .slice(unit.indexOf("[Service]"), unit.indexOf("[Install]"))
      .split("\n")
      .filter((line) => line.includes("=") && !line.startsWith("#"))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );

  it("runs the binary's serve, not npm (whose signals would not reach the bot)", () => {
    expect(service.ExecStart).toMatch(/node \S+\/dist\/cli\.js serve$/);
  });

  it("stops with SIGTERM and waits longer than the bot's graceful stop", () => {
    expect(service.KillSignal).toBe("SIGTERM");
    expect(Number(service.TimeoutStopSec) * 1000).toBeGreaterThan(STOP_GRACE_MS);
    expect(service.Restart).toBe("on-failure");
  });
});
