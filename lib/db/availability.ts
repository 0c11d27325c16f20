/**
 * Whether an error means "the database is away" (down, restarting, refusing or dropping
 * connections) rather than "this query is wrong". Such errors are the network's doing, not the
 * client's or ours: the API answers 503 with Retry-After and the pool reconnects by itself.
 */
const UNREACHABLE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
// Prisma: can't reach, timed out, server closed the connection, no pool connection in time.
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
// SQLSTATE: connection exceptions (08xxx), admin/crash shutdown and "cannot connect now" (57P0x), too many connections.
const SQLSTATE = /^(08...|57P0[123]|53300)$/;
const MESSAGES =
  /Connection terminated|ECONNREFUSED|ECONNRESET|not currently accepting connections|terminating connection|Can't reach database server|Timed out fetching a new connection/i;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 4) return false;
  const candidate = error as {
    name?: unknown;
    code?: unknown;
    kind?: unknown;
    message?: unknown;
    cause?: unknown;
    driverAdapterError?: unknown;
    meta?: unknown;
  };
  if (candidate.name === "PrismaClientInitializationError") return true;
  if (typeof candidate.kind === "string" && UNREACHABLE_KINDS.has(candidate.kind)) return true;
  if (typeof candidate.code === "string" && (PRISMA_CODES.has(candidate.code) || SQLSTATE.test(candidate.code))) return true;
  if (typeof candidate.message === "string" && MESSAGES.test(candidate.message)) return true;
  return [candidate.cause, candidate.driverAdapterError, candidate.meta].some((inner) => isDatabaseUnavailable(inner, depth + 1));
}
