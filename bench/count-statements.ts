import pg from "pg";

/**
 * Counts the SQL statements the app sends, by watching pg's query method in this process
 * (every statement the Prisma driver adapter sends, transactions' BEGIN/COMMIT included).
 */
let statements = 0;
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  statements++;
  return (original as (...values: unknown[]) => unknown).apply(this, args);
} as typeof original;

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
  const before = statements;
  for (let index = 0; index < times; index++) {
    beforeEach();
    const response = await request();
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`answered ${response.status}`);
  }
  return (statements - before) / times;
}
