import type { Actor, RequestMeta } from "../auth/actor";
import { db } from "../db/client";
import { enforce, enforceForAddress, RATE_LIMITS } from "../rate-limit";
import { pendingEmailOf, sendVerification } from "./service";

/**
 * Sends the verification link again (DESIGN §8.2, "Data rights"): to the address waiting for
 * confirmation (a pending change), or to the account's own address while it is unconfirmed. The
 * new link voids the links sent to that address before. A confirmed account with no change
 * waiting gets nothing.
 *
 * Signed in, it is the caller's account. Anonymously (the expired-link page) it is the account
 * with `email`, and the answer is the same whether there is one or not: the work happens after the
 * answer, as for a password reset (lib/account/passwords.ts). Limited per client address and per
 * account or address.
 */
export async function resendVerification(
  caller: { actor: Actor } | { email: string },
  meta: RequestMeta,
): Promise<{ done: Promise<void> }> {
  if (meta.ip) await enforceForAddress(RATE_LIMITS.verifyEmailResendPerIp, meta.ip);
  if ("actor" in caller) {
    await enforce(RATE_LIMITS.verifyEmailResendPerAccount, `user:${caller.actor.userId}`);
    await sendAgain({ id: caller.actor.userId });
    return { done: Promise.resolve() };
  }
  await enforce(RATE_LIMITS.verifyEmailResendPerAccount, `email:${caller.email.toLowerCase()}`);
  const done = sendAgain({ email: caller.email }).catch((error: unknown) => {
    console.error(`Sending a verification link again failed: ${error instanceof Error ? error.message : String(error)}`);
  });
  return { done };
}

async function sendAgain(account: { id: string } | { email: string }) {
  await db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: account });
    if (!user || user.suspendedAt) return;
    const address = (await pendingEmailOf(user.id, user.email, tx)) ?? (user.emailVerifiedAt ? null : user.email);
    if (!address) return;
    await tx.emailVerificationToken.updateMany({ where: { userId: user.id, email: address, usedAt: null }, data: { usedAt: new Date() } });
    await sendVerification(tx, user, address);
  });
}
