import { z } from "zod";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) => z.iso.date().safeParse(value).success;
const isTime = (value: string) => z.iso.datetime({ offset: true }).safeParse(value).success;

/** A bound of the date range: a day (UTC) or an ISO 8601 time. */
const bound = () =>
  z
    .string()
    .max(40)
    .refine((value) => isDay(value) || isTime(value), "Use a date (YYYY-MM-DD) or an ISO 8601 time.")
    .optional();

/** The first moment a `from` bound includes: a day from its start (UTC). */
export function rangeStart(from: string): Date {
  return new Date(DAY.test(from) ? `${from}T00:00:00.000Z` : from);
}

/** The last moment a `to` bound includes: a day up to its end (UTC). */
export function rangeEnd(to: string): Date {
  return new Date(DAY.test(to) ? `${to}T23:59:59.999Z` : to);
}

const auditFilters = z.strictObject({
  actorId: z.string().max(64).optional(),
  action: z.string().max(64).optional(),
  targetType: z.string().max(32).optional(),
  targetId: z.string().max(64).optional(),
  projectId: z.string().max(64).optional(),
  from: bound().describe("Entries from this time on; a date (YYYY-MM-DD) means from the start of that day in UTC."),
  to: bound().describe("Entries up to this time; a date (YYYY-MM-DD) means up to the end of that day in UTC."),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(200).optional(),
});

/** The range may not end before it starts (a day as `to` ends with that day). */
function inOrder<S extends z.ZodType<{ from?: string; to?: string }>>(schema: S): S {
  return schema.refine((query) => !query.from || !query.to || rangeStart(query.from) <= rangeEnd(query.to), {
    path: ["to"],
    message: "The range ends before it starts.",
  });
}

export const auditQuerySchema = inOrder(auditFilters);
/** A project's audit entries: the same filters, the project being the path's. */
export const projectAuditQuerySchema = inOrder(auditFilters.omit({ projectId: true }));
export type AuditQuery = z.infer<typeof auditFilters>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  actor: z.object({ id: z.string(), displayName: z.string() }).nullable(),
  via: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  projectId: z.string().nullable(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;
