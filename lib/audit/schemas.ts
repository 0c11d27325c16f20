import { z } from "zod";

export const auditQuerySchema = z.strictObject({
  actorId: z.string().max(64).optional(),
  action: z.string().max(64).optional(),
  targetType: z.string().max(32).optional(),
  targetId: z.string().max(64).optional(),
  projectId: z.string().max(64).optional(),
  from: z.iso.datetime({ message: "Use an ISO 8601 time." }).optional(),
  to: z.iso.datetime({ message: "Use an ISO 8601 time." }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(200).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

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
