import { Auth } from "@auth/core";
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "../db/client";
import { createUser, TEST_PASSWORD } from "../testing/factories";
import { authConfig } from "./next-auth";

const BASE = "http://127.0.0.1:3000/api/auth";

/** Every line the process writes to its console while `run` runs, with the level it used. */
async function captureConsole(run: () => Promise<void>) {
  const lines: { level: string; text: string }[] = [];
  for (const level of ["error", "warn", "info", "log", "debug"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      lines.push({ level, text: args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(" ") });
    });
  }
  await run();
  return lines;
}

/** A credentials sign-in through Auth.js as the portal's sign-in form makes it: CSRF token, then the callback. */
async function signInThroughAuthJs(login: string, password: string, deviceKey?: string) {
  const csrf = await Auth(new Request(`${BASE}/csrf`), authConfig);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const body = new URLSearchParams({ csrfToken, login, password, callbackUrl: "/", ...(deviceKey && { deviceKey }) });
  return Auth(
    new Request(`${BASE}/callback/credentials`, {
      method: "POST",
      headers: {
        cookie,
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": "10.77.0.1",
        "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
      },
      body,
    }),
    authConfig,
  );
}

describe("the server log of a refused sign-in", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is one info line without a stack trace: a wrong password is an expected event", async () => {
    const user = await createUser();
    let response: Response | undefined;
    const lines = await captureConsole(async () => {
      response = await signInThroughAuthJs(user.username, "not the password at all");
    });
    // Auth.js answers the refusal (a redirect back to the sign-in page with the error).
    expect(response!.headers.get("location")).toContain("error=CredentialsSignin");
    expect(lines.filter((line) => line.level !== "info")).toEqual([]);
    expect(lines.length).toBeLessThanOrEqual(1);
    expect(lines.map((line) => line.text).join("\n")).not.toMatch(/\n\s+at /);
  });
});

// lib/auth remembers the browser; the portal's sign-in hands it the mail of lib/account, which
// queues it in the transaction of the device row (docs/architecture.md, "Layers").
describe("a portal sign-in from a new device", () => {
  const deviceKey = () => `dev_${randomBytes(32).toString("base64url")}`;

  it("mails the user in their language, except for the account's very first device", async () => {
    const user = await createUser();
    await db.user.update({ where: { id: user.id }, data: { language: "de" } });
    await signInThroughAuthJs(user.username, TEST_PASSWORD, deviceKey());
    expect(await db.device.count({ where: { userId: user.id } })).toBe(1);
    expect(await db.outboxMail.count({ where: { to: user.email } })).toBe(0);

    await signInThroughAuthJs(user.username, TEST_PASSWORD, deviceKey());
    const devices = await db.device.findMany({ where: { userId: user.id }, orderBy: { firstSeenAt: "asc" } });
    expect(devices.map((device) => device.name)).toEqual(["Firefox auf Linux", "Firefox auf Linux"]);
    const mails = await db.outboxMail.findMany({ where: { to: user.email } });
    expect(mails.map((mail) => mail.subject)).toEqual(["Neue Anmeldung von Firefox auf Linux"]);
    expect(mails[0].body).toContain("10.77.0.1");
    expect(mails[0].body).toContain("/account/security");
  });
});
