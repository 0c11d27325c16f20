import http from "node:http";

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Responses other than the expected status. */
  errors: number;
}

/**
 * A closed-loop load generator: `connections` keep-alive connections each send the next request
 * as soon as the previous answer arrived, for `seconds`. Latencies in milliseconds.
 */
export async function load(url: string, options: { connections: number; seconds: number; headers?: Record<string, string>; expectStatus?: number }): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const target = new URL(url);
  const latencies: number[] = [];
  let errors = 0;
  const deadline = Date.now() + options.seconds * 1000;
  const once = () =>
    new Promise<void>((resolve) => {
      const started = process.hrtime.bigint();
      const request = http.get({ host: target.hostname, port: target.port, path: target.pathname + target.search, agent, headers: options.headers }, (response) => {
        response.resume();
        response.on("end", () => {
          latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
          if (response.statusCode !== (options.expectStatus ?? 200)) errors++;
          resolve();
        });
      });
      request.on("error", () => {
        errors++;
        resolve();
      });
    });
  const started = Date.now();
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (Date.now() < deadline) await once();
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), errors };
}
