import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifyCredentials } from "../auth/sign-in";
import { db } from "../db/client";
import { createUser, TEST_PASSWORD, testMeta } from "../testing/factories";
import { mailNewDevice } from "./new-device";

const deviceKey = () => `dev_${randomBytes(32).toString("base64url")}`;
const browser = () => ({ ...testMeta(), userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0" });

describe("new devices", () => {
  it("mails the user about a sign-in from a new browser, not about the first one", async () => {
    const user = await createUser();
    await verifyCredentials({ login: user.username, password: TEST_PASSWORD }, browser(), "PASSWORD", deviceKey(), null, mailNewDevice);
    expect(await db.outboxMail.count({ where: { to: user.email } })).toBe(0);
    await verifyCredentials(
      { login: user.username, password: TEST_PASSWORD },
      { ...testMeta("10.4.4.4"), userAgent: "Mozilla/5.0 (Windows NT 10.0) Chrome/120.0" },
      "PASSWORD",
      deviceKey(),
      null,
      mailNewDevice,
    );
    const mail = await db.outboxMail.findFirstOrThrow({ where: { to: user.email } });
    expect(mail.subject).toBe("New sign-in from Chrome on Windows");
    expect(mail.body).toContain("10.4.4.4");
    expect(mail.body).toMatch(/\/account\/security/);
  });

  it("mails nothing when the browser is already a device of the user", async () => {
    const user = await createUser();
    const [first, second] = [deviceKey(), deviceKey()];
    for (const key of [first, second, second, first]) {
      await verifyCredentials({ login: user.username, password: TEST_PASSWORD }, browser(), "PASSWORD", key, null, mailNewDevice);
    }
    expect(await db.outboxMail.count({ where: { to: user.email } })).toBe(1);
  });
});
