import { statementsSent } from "../lib/testing/statement-count";

/**
 * Average statements per call of `request`, over `times` calls after one warm-up call.
 * `beforeEach` runs before every counted call (e.g. to empty a cache and count a miss).
 */
export async function statementsPerRequest(
  request: () => Promise<Response>,
  times = 20,
  beforeEach: () => void = () => {},
): Promise<number> {
  const first = await request();
  if (first.status !== 200) throw new Error(`warm-up answered ${first.status}: ${await first.text()}`);
  const before = statementsSent();
  for (let index = 0; index < times; index++) {
    beforeEach();
    const response = await request();
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`answered ${response.status}`);
  }
  return (statementsSent() - before) / times;
}
