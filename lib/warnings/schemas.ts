import { z } from "zod";
import { idSchema } from "../http/operation";

export const WARNING_KINDS = ["RULE_VIOLATION", "SECURITY_EVENT"] as const;
export const WARNING_SEVERITIES = ["LOW", "MEDIUM", "HIGH", "CRITICAL"] as const;

export const createWarningSchema = z.strictObject({
  kind: z.enum(WARNING_KINDS),
  severity: z.enum(WARNING_SEVERITIES),
  reason: z.string().trim().min(3, "Give a reason.").max(2000),
  internalNote: z.string().trim().max(5000).optional(),
  projectId: idSchema.optional(),
  expiresAt: z.iso.datetime({ message: "Use an ISO 8601 time." }).optional(),
});
export type CreateWarningInput = z.infer<typeof createWarningSchema>;

export const warningSchema = z.object({
  id: z.string(),
  userId: z.string(),
  projectId: z.string().nullable(),
  kind: z.enum(WARNING_KINDS),
  severity: z.enum(WARNING_SEVERITIES),
  reason: z.string(),
  internalNote: z.string().nullable(),
  author: z.object({ id: z.string(), displayName: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
  active: z.boolean(),
});
