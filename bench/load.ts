import http from "node:http";

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Time to first byte (the response's status line and headers), median. */
  ttfbP50: number;
  /** Responses other than the expected status. */
  errors: number;
  /** With `countHeader`: how many answers carried each value of that header ("none": absent). */
  headerCounts?: Record<string, number>;
}

/**
 * A closed-loop load generator: `connections` keep-alive connections each send the next request
 * as soon as the previous answer arrived, for `seconds`. Latencies in milliseconds.
 */
export async function load(
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string>; expectStatus?: number; countHeader?: string },
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const target = new URL(url);
  const latencies: number[] = [];
  const firstBytes: number[] = [];
  let errors = 0;
  const headerCounts: Record<string, number> = {};
  const deadline = Date.now() + options.seconds * 1000;
  const once = () =>
    new Promise<void>((resolve) => {
      const started = process.hrtime.bigint();
      const request = http.get(
        { host: target.hostname, port: target.port, path: target.pathname + target.search, agent, headers: options.headers },
        (response) => {
          firstBytes.push(Number(process.hrtime.bigint() - started) / 1e6);
          if (options.countHeader) {
            const value = String(response.headers[options.countHeader] ?? "none");
            headerCounts[value] = (headerCounts[value] ?? 0) + 1;
          }
          response.resume();
          response.on("end", () => {
            latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
            if (response.statusCode !== (options.expectStatus ?? 200)) errors++;
            resolve();
          });
        },
      );
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
  const at = (values: number[], q: number) => values.sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0;
  return {
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: at(latencies, 0.5),
    p99: at(latencies, 0.99),
    ttfbP50: at(firstBytes, 0.5),
    errors,
    ...(options.countHeader ? { headerCounts } : {}),
  };
}
