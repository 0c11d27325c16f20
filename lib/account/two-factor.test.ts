import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { actorOf, createUser, sessionCookieFor } from "../testing/factories";
import { reauthWindowMs } from "./reauthentication";
import { setupTwoFactor, twoFactorPanel } from "./two-factor";

describe("the Security page's two-factor panel (issue 23, finding 6)", () => {
  it("carries a pending set-up's secret, URL and QR code only for a session that confirmed the password recently", async () => {
    const user = await createUser();
    const { sessionId } = await sessionCookieFor(user.id);
    const actor = actorOf(user, null, { sessionId });
    const { secret } = await setupTwoFactor(actor);
    const fresh = await twoFactorPanel(actor);
    expect(fresh).toMatchObject({ recent: true, pending: { secret } });

    // The panel's data is what the page hands its client component: the RSC payload.
    await db.userSession.update({ where: { id: sessionId }, data: { authenticatedAt: new Date(Date.now() - reauthWindowMs() - 60_000) } });
    const stale = await twoFactorPanel(actor);
    expect(stale).toMatchObject({ recent: false, pending: null, status: { enabled: false } });
    const payload = JSON.stringify(stale);
    expect(payload).not.toContain(secret);
    expect(payload).not.toMatch(/otpauth|<svg/i);
  });
});
