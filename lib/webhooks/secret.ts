import { randomBytes } from "node:crypto";

/** The sealing purpose of webhook secrets (lib/secrets/sealing.ts; the subject is the webhook id). */
export const WEBHOOK_SECRET_PURPOSE = "webhook-secret";

/** A new signing secret as Standard Webhooks writes them: `whsec_` and the base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}
