import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from "@prisma/driver-adapter-utils";

/**
 * Tables whose writes change nothing that the data cache holds (lib/cache/data-cache.ts): they are
 * written often (a session's last use, audit entries, mail) and read by no cached function. Every
 * other table's write invalidates, so a new table is safe by default; add one here only when no
 * cached read uses it, directly or through a relation.
 */
export const UNCACHED_TABLES: ReadonlySet<string> = new Set([
  "UserSession",
  "ApiToken",
  "LoginEvent",
  "SignInChallenge",
  "RecoveryCode",
  "PasswordResetToken",
  "EmailVerificationToken",
  "OutboxMail",
  "AuditEntry",
  "IdempotencyKey",
  "Device",
  // Device sign-ins (lib/device-sign-in): each poll writes its time.
  "DeviceAuthorization",
  // Who was counted downloading a file today (lib/downloads/counting.ts): written on every counted download.
  "DownloadClient",
]);

/**
 * A statement that begins with this comment writes only a figure that cached reads may show up to
 * DATA_CACHE_SECONDS late: a file's download count (lib/downloads/counting.ts). It does not empty
 * the data cache, so that each counted download does not empty it on every instance. Anything
 * else a read shows must not be written this way.
 */
export const MAY_SHOW_LATE = "/* data-cache: may show late */";

const NOT_A_WRITE = /^\s*(SELECT|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|SET|SHOW)\b/i;
const SIMPLE_WRITE = /^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(?:"?public"?\.)?"?(\w+)"?/i;

/**
 * Whether `sql` may change data that a cached read returns. Any statement that is not a plain
 * read or transaction control counts (DDL, TRUNCATE, CTEs), except an INSERT, UPDATE or DELETE of
 * one of UNCACHED_TABLES and a statement marked MAY_SHOW_LATE. A foreign key's ON DELETE CASCADE
 * starts from a statement on another table (a deleted User, Project, role), which invalidates by
 * itself.
 */
export function changesCachedData(sql: string): boolean {
  if (NOT_A_WRITE.test(sql) || sql.trimStart().startsWith(MAY_SHOW_LATE)) return false;
  const table = SIMPLE_WRITE.exec(sql)?.[1];
  return !(table && UNCACHED_TABLES.has(table));
}

const COMMIT = /^\s*COMMIT\b/i;

type Queryable = Pick<SqlDriverAdapter, "queryRaw" | "executeRaw">;

/**
 * Wraps the driver adapter so that every committed write which `changesCachedData` calls
 * `onCommittedWrite` (the data cache's invalidation): a statement outside a transaction once it
 * has run, a transaction's writes once its COMMIT has run. Nothing else changes: the statements,
 * their order and their results are the adapter's.
 */
export function watchWrites(factory: SqlDriverAdapterFactory, onCommittedWrite: () => Promise<void>): SqlDriverAdapterFactory {
  return forward(factory, {
    async connect() {
      const adapter = await factory.connect();
      return forward(adapter, {
        queryRaw: (query: SqlQuery) => afterWrite(adapter, "queryRaw", query, onCommittedWrite),
        executeRaw: (query: SqlQuery) => afterWrite(adapter, "executeRaw", query, onCommittedWrite),
        async startTransaction(...args: Parameters<SqlDriverAdapter["startTransaction"]>) {
          return watchTransaction(await adapter.startTransaction(...args), onCommittedWrite);
        },
      });
    },
  });
}

async function afterWrite<M extends keyof Queryable>(target: Queryable, method: M, query: SqlQuery, onCommittedWrite: () => Promise<void>) {
  const result = await (target[method] as (query: SqlQuery) => ReturnType<Queryable[M]>).call(target, query);
  if (changesCachedData(query.sql)) await onCommittedWrite();
  return result;
}

function watchTransaction(transaction: Transaction, onCommittedWrite: () => Promise<void>): Transaction {
  let dirty = false;
  const settle = async () => {
    if (!dirty) return;
    dirty = false;
    await onCommittedWrite();
  };
  const run = async <M extends keyof Queryable>(method: M, query: SqlQuery) => {
    if (changesCachedData(query.sql) && !COMMIT.test(query.sql)) dirty = true;
    const result = await (transaction[method] as (query: SqlQuery) => ReturnType<Queryable[M]>).call(transaction, query);
    if (COMMIT.test(query.sql)) await settle();
    return result;
  };
  return forward(transaction, {
    queryRaw: (query: SqlQuery) => run("queryRaw", query),
    executeRaw: (query: SqlQuery) => run("executeRaw", query),
    async commit() {
      await transaction.commit();
      // Adapters that commit here rather than through a COMMIT statement.
      await settle();
    },
    async rollback() {
      dirty = false;
      await transaction.rollback();
    },
  });
}

/** `target` with some methods replaced; every other property read from (and bound to) it. */
function forward<T extends object>(target: T, overrides: Partial<Record<keyof T, unknown>> & Record<string, unknown>): T {
  return new Proxy(target, {
    get(object, property) {
      if (Object.hasOwn(overrides, property)) return overrides[property as string];
      const value = Reflect.get(object, property, object);
      return typeof value === "function" ? value.bind(object) : value;
    },
  });
}
