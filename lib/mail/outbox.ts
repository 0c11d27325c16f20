import type { Tx } from "../db/client";

/**
 * Mail is written to the outbox in the transaction that causes it. Delivery over SMTP is not
 * built yet; until it is, the portal's Mailbox page shows each recipient the mails addressed to them.
 */
export async function queueMail(tx: Tx, mail: { to: string; subject: string; body: string }) {
  await tx.outboxMail.create({ data: mail });
}

export function publicBaseUrl(): string {
  return (process.env.PUBLIC_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`).replace(/\/$/, "");
}

/** The mails addressed to the user: their address and any address they are confirming. Newest first. */
export async function mailFor(userId: string) {
  const { db } = await import("../db/client");
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, verificationTokens: { select: { email: true } } } });
  if (!user) return [];
  const addresses = [...new Set([user.email, ...user.verificationTokens.map((token) => token.email)])];
  return db.outboxMail.findMany({ where: { to: { in: addresses } }, orderBy: { createdAt: "desc" }, take: 50 });
}
