import type { Tx } from "../db/client";
import type { RememberedDevice } from "../auth/sign-in";
import { publicBaseUrl, queueMail } from "../mail/outbox";

/**
 * The portal's answer to a newly remembered device (lib/auth/sign-in.ts calls it in the
 * transaction that creates the device row): a "new sign-in" mail in the user's language, unless
 * this is the account's very first device.
 */
export async function mailNewDevice(tx: Tx, { user, device, meta, first }: RememberedDevice): Promise<void> {
  if (first) return;
  await queueMail(tx, {
    to: user.email,
    language: user.language,
    template: "newDevice",
    data: {
      name: user.displayName,
      device: device.name,
      ip: meta.ip,
      at: device.firstSeenAt.toISOString().slice(0, 16).replace("T", " "),
      link: `${publicBaseUrl()}/account/security`,
    },
  });
}
