import pg from "pg";

/**
 * Counts the SQL statements this process sends, by watching pg's query method from the moment
 * this module loads (every statement the Prisma driver adapter sends, BEGIN/COMMIT included).
 */
let statements = 0;
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  statements++;
  return (original as (...values: unknown[]) => unknown).apply(this, args);
} as typeof original;

/** The statements sent so far. */
export const statementsSent = () => statements;
