// The webhook benchmark (npm run bench, BENCH_ONLY=webhooks for this part alone), on PostgreSQL:
// 1. API writes (an announcement, one event each) to a project with 10 active webhooks against the
//    same writes to a project without any, in paired rounds: p99 ratio (target ≤ 1.2).
// 2. Deliveries keeping up with 1,000 events per minute to one local receiver: the lag from the
//    event's commit to its arrival, p50 and p99, and whether every event arrived.
import type { ChildProcess } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { benchPartner } from "./partner";

const ROUNDS = Number(process.env.BENCH_WEBHOOK_ROUNDS ?? 5) | 1;
const ROUND_SECONDS = Number(process.env.BENCH_WEBHOOK_ROUND_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_WEBHOOK_CONNECTIONS ?? 8);
const RATE_PER_MINUTE = Number(process.env.BENCH_WEBHOOK_RATE ?? 1000);
const RATE_SECONDS = Number(process.env.BENCH_WEBHOOK_RATE_SECONDS ?? 60);

export interface WebhookBenchSetup {
  /** The server's base URL, and how to start and stop it with extra environment. */
  start: (env: Record<string, string>) => Promise<{ base: string; server: ChildProcess }>;
  stop: (server: ChildProcess) => Promise<void>;
  /** A migrated database, and the secret the server uses (sealing must match). */
  databaseUrl: string;
  secret: string;
}

interface WriteResult {
  requests: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface WebhookBenchResult {
  rounds: { plain: WriteResult; hooked: WriteResult; ratio: number }[];
  ratio: number;
  deliveries: { sent: number; received: number; lagP50: number; lagP99: number; seconds: number };
}

const at = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0;
const median = (values: number[]) => at(values, 0.5);

/** A closed-loop writer: `connections` keep-alive connections POSTing announcements for `seconds`. */
async function writes(base: string, projectId: string, token: string, seconds: number): Promise<WriteResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const target = new URL(`${base}/api/v1/projects/${projectId}/messages`);
  const latencies: number[] = [];
  let errors = 0;
  const deadline = Date.now() + seconds * 1000;
  const once = () =>
    new Promise<void>((resolve) => {
      const body = JSON.stringify({ title: "Bench", body: "A write that makes one event." });
      const started = process.hrtime.bigint();
      const request = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: "POST",
          agent,
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        },
        (response) => {
          response.resume();
          response.on("end", () => {
            latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
            if (response.statusCode !== 201) errors++;
            resolve();
          });
        },
      );
      request.on("error", () => {
        errors++;
        resolve();
      });
      request.end(body);
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < deadline) await once();
    }),
  );
  agent.destroy();
  return { requests: latencies.length, p50: at(latencies, 0.5), p99: at(latencies, 0.99), errors };
}

/** A local receiver: answers 204 at once and notes when each event arrived. */
async function receiver() {
  const arrivals = new Map<string, number>();
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      const id = String(request.headers["webhook-id"]);
      if (!arrivals.has(id)) arrivals.set(id, Date.now());
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    arrivals,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The owner, three projects (plain, 10 webhooks, 1 webhook for the rate run) and a token. */
async function seed(setup: WebhookBenchSetup, hookUrl: string) {
  process.env.DATABASE_URL = setup.databaseUrl;
  process.env.AUTH_SECRET = setup.secret;
  process.env.WEBHOOKS_ALLOW_HOSTS = "127.0.0.1";
  const { createWebhook } = await import("../lib/webhooks/service");
  const { actor, meta, token, publishedProject, disconnectDatabase } = await benchPartner("hooks");
  const plain = await publishedProject("Plain", ["MESSAGES"]);
  const hooked = await publishedProject("Hooked", ["MESSAGES"]);
  const rated = await publishedProject("Rated", ["MESSAGES"]);
  for (let index = 0; index < 10; index++)
    await createWebhook(actor, { projectId: hooked }, { url: `${hookUrl}?n=${index}`, events: ["*"], active: true, description: "" }, meta);
  await createWebhook(actor, { projectId: rated }, { url: hookUrl, events: ["message.posted"], active: true, description: "" }, meta);
  await disconnectDatabase();
  return { plain, hooked, rated, token };
}

export async function benchWebhooks(setup: WebhookBenchSetup): Promise<WebhookBenchResult> {
  const sink = await receiver();
  const { plain, hooked, rated, token } = await seed(setup, sink.url);
  const { base, server } = await setup.start({
    WEBHOOKS_ALLOW_HOSTS: "127.0.0.1",
    WEBHOOKS_POLL_MS: "200",
    API_RATE_LIMIT_PER_MINUTE: "100000000",
  });
  try {
    await writes(base, plain, token, 2);
    await writes(base, hooked, token, 2);
    const rounds: WebhookBenchResult["rounds"] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const hookedFirst = round % 2 === 0;
      const first = await writes(base, hookedFirst ? hooked : plain, token, ROUND_SECONDS);
      const second = await writes(base, hookedFirst ? plain : hooked, token, ROUND_SECONDS);
      const pair = hookedFirst ? { hooked: first, plain: second } : { plain: first, hooked: second };
      rounds.push({ ...pair, ratio: pair.hooked.p99 / pair.plain.p99 });
      console.log(
        `webhooks, round ${round}: write p99 ${pair.hooked.p99.toFixed(1)} ms with 10 webhooks, ${pair.plain.p99.toFixed(1)} ms without`,
      );
    }
    // The write rounds left thousands of deliveries behind: the rate run starts once they are out.
    await drained(setup);
    sink.arrivals.clear();

    // 1,000 events per minute, open loop: one announcement every 60 ms, each timed from its answer.
    const interval = 60_000 / RATE_PER_MINUTE;
    const committed = new Map<string, number>();
    const target = new URL(`${base}/api/v1/projects/${rated}/messages`);
    const started = Date.now();
    let sent = 0;
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (Date.now() - started >= RATE_SECONDS * 1000) {
          clearInterval(timer);
          resolve();
          return;
        }
        sent++;
        void fetch(target, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({ title: `Rate ${sent}`, body: "One event." }),
        }).then(async (response) => {
          const answered = Date.now();
          const message = (await response.json()) as { id: string };
          committed.set(message.id, answered);
        });
      }, interval);
    });
    // Wait until every event arrived, or 30 s more.
    const waitUntil = Date.now() + 30_000;
    while (sink.arrivals.size < committed.size && Date.now() < waitUntil) await new Promise((resolve) => setTimeout(resolve, 250));
    const lags = await lagsByMessage(setup, committed, sink.arrivals);
    return {
      rounds,
      ratio: median(rounds.map((round) => round.ratio)),
      deliveries: { sent, received: lags.length, lagP50: at(lags, 0.5), lagP99: at(lags, 0.99), seconds: RATE_SECONDS },
    };
  } finally {
    await setup.stop(server);
    await sink.close();
  }
}

/** Waits (at most 5 minutes) until no event waits for fan-out and no delivery is pending. */
async function drained(setup: WebhookBenchSetup) {
  process.env.DATABASE_URL = setup.databaseUrl;
  const { db, disconnectDatabase } = await import("../lib/db/client");
  const until = Date.now() + 300_000;
  while (Date.now() < until) {
    const [events, pending] = await Promise.all([
      db.event.count({ where: { fannedOutAt: null } }),
      db.webhookDelivery.count({ where: { status: "PENDING" } }),
    ]);
    if (events === 0 && pending === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await disconnectDatabase();
}

/** The lag of each delivered event: its arrival at the receiver minus its write's answer (the commit). */
async function lagsByMessage(setup: WebhookBenchSetup, committed: Map<string, number>, arrivals: Map<string, number>): Promise<number[]> {
  process.env.DATABASE_URL = setup.databaseUrl;
  const { db, disconnectDatabase } = await import("../lib/db/client");
  const events = await db.event.findMany({ where: { id: { in: [...arrivals.keys()] } }, select: { id: true, data: true } });
  await disconnectDatabase();
  const lags: number[] = [];
  for (const event of events) {
    const messageId = (event.data as { messageId?: string }).messageId;
    const answeredAt = messageId ? committed.get(messageId) : undefined;
    const arrivedAt = arrivals.get(event.id);
    if (answeredAt !== undefined && arrivedAt !== undefined) lags.push(Math.max(0, arrivedAt - answeredAt));
  }
  return lags;
}

export function webhookReport(result: WebhookBenchResult): { section: string[]; targets: string[] } {
  const { deliveries } = result;
  const section = [
    "## Webhooks",
    "",
    `Writes: \`POST /api/v1/projects/{id}/messages\` (one event each), ${CONNECTIONS} keep-alive connections, ${ROUND_SECONDS} s per measurement, to a project with 10 active webhooks (every event type, one local receiver) and to one without, in ${ROUNDS} paired rounds (which goes first alternates). The dispatcher polls every 200 ms.`,
    "",
    "| round | p99 with 10 webhooks ms | p99 without ms | ratio | p50 with / without ms | requests with / without | errors |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...result.rounds.map(
      (round, index) =>
        `| ${index + 1} | ${round.hooked.p99.toFixed(1)} | ${round.plain.p99.toFixed(1)} | ${round.ratio.toFixed(2)} | ${round.hooked.p50.toFixed(1)} / ${round.plain.p50.toFixed(1)} | ${round.hooked.requests} / ${round.plain.requests} | ${round.hooked.errors + round.plain.errors} |`,
    ),
    "",
    `Rate: ${RATE_PER_MINUTE} announcements per minute for ${deliveries.seconds} s to a project with one webhook, open loop; lag = arrival at the receiver minus the write's answer. Sent ${deliveries.sent}, received ${deliveries.received}; lag p50 ${deliveries.lagP50.toFixed(0)} ms, p99 ${deliveries.lagP99.toFixed(0)} ms.`,
    "",
  ];
  const keptUp = deliveries.received >= deliveries.sent;
  const targets = [
    `| writes with 10 active webhooks: p99 ≤ 1.2 × without | median of ${ROUNDS} paired rounds: ${result.ratio.toFixed(2)} × | ${result.ratio <= 1.2 ? "met" : "**not met**"} |`,
    `| deliveries keep up with ${RATE_PER_MINUTE} events per minute (every event arrives; lag p50 / p99) | ${deliveries.received} of ${deliveries.sent}; ${deliveries.lagP50.toFixed(0)} ms / ${deliveries.lagP99.toFixed(0)} ms | ${keptUp ? "met" : "**not met**"} |`,
  ];
  return { section, targets };
}
