import type { Tx } from "../db/client";

/**
 * Mail is written to the outbox in the transaction that causes it; a sender delivers it
 * (SMTP via SMTP_URL in production). On the embedded default it stays readable in the outbox.
 */
export async function queueMail(tx: Tx, mail: { to: string; subject: string; body: string }) {
  await tx.outboxMail.create({ data: mail });
}

export function publicBaseUrl(): string {
  return (process.env.PUBLIC_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`).replace(/\/$/, "");
}
