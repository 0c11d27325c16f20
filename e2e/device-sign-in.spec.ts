import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectSignedIn } from "./header";
import { DEMO_PASSWORD } from "./portal-table";

interface Started {
  deviceCode: string;
  userCode: string;
  verificationUri: string;
  verificationUriComplete: string;
  interval: number;
}

async function startDeviceSignIn(request: APIRequestContext, clientName: string): Promise<Started> {
  const response = await request.post("/api/v1/auth/device", { data: { clientName, scopes: ["read"] } });
  expect(response.status()).toBe(201);
  return response.json();
}

/** Polls as a launcher does: every `interval` seconds until the answer is no longer "pending". */
async function pollUntilDecided(request: APIRequestContext, started: Started) {
  for (let interval = started.interval; ; ) {
    const response = await request.post("/api/v1/auth/device/token", { data: { deviceCode: started.deviceCode } });
    const body = await response.json();
    if (response.status() !== 400 || !["authorization_pending", "slow_down"].includes(body.code))
      return { status: response.status(), body };
    interval = body.interval ?? interval;
    await new Promise((resolve) => setTimeout(resolve, interval * 1000));
  }
}

test("a launcher signs in through /device: approved it gets a token once, denied it gets access_denied", async ({ page, request }) => {
  const approved = await startDeviceSignIn(request, "Playwright Launcher");
  const link = new URL(approved.verificationUriComplete);
  expect([link.pathname, link.searchParams.get("code")]).toEqual(["/device", approved.userCode]);

  // Signed out: off to sign in, and back to the approval with the code kept.
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  await page.getByLabel("E-mail or username").fill("ulla.user");
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expectSignedIn(page);
  await expect(page).toHaveURL(`/device?code=${approved.userCode}`);

  const approval = page.getByRole("form", { name: "“Playwright Launcher” wants to use your account" });
  await expect(approval).toContainText(`Code ${approved.userCode}`);
  await expect(approval).toContainText("See your account and everything you can see");
  await expect(approval).toContainText("Approve only a sign-in you started yourself");
  await approval.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Approved. “Playwright Launcher” is now signed in as you")).toBeVisible();

  const issued = await pollUntilDecided(request, approved);
  expect(issued.status).toBe(201);
  expect(issued.body).toMatchObject({ name: "Playwright Launcher (device sign-in)", scopes: ["read"] });
  const me = await request.get("/api/v1/users/me", { headers: { Authorization: `Bearer ${issued.body.token}` } });
  expect((await me.json()).username).toBe("ulla.user");
  const again = await request.post("/api/v1/auth/device/token", { data: { deviceCode: approved.deviceCode } });
  expect((await again.json()).code).toBe("invalid_grant");
  await page.getByRole("link", { name: "Your tokens on the account page" }).click();
  await expect(page.getByRole("list", { name: "Access tokens" })).toContainText("Playwright Launcher (device sign-in)");

  // Another sign-in, its code typed by hand (lower case, no dash), on a phone-sized screen: denied.
  await page.setViewportSize({ width: 390, height: 844 });
  const denied = await startDeviceSignIn(request, "Unknown Launcher");
  await page.goto("/device");
  await page.getByLabel("Code from your device").fill(denied.userCode.replace("-", "").toLowerCase());
  await page.getByRole("button", { name: "Continue" }).click();
  const refusal = page.getByRole("form", { name: "“Unknown Launcher” wants to use your account" });
  await expect(refusal.getByRole("button", { name: "Approve" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await refusal.getByRole("button", { name: "Deny" }).click();
  await expect(page.getByText("Denied. “Unknown Launcher” gets no access to your account.")).toBeVisible();
  expect(await pollUntilDecided(request, denied)).toMatchObject({ status: 400, body: { code: "access_denied" } });

  // A wrong code is refused in words.
  await page.goto("/device?code=BCDF-GHJK");
  await expect(page.getByRole("alert").filter({ hasText: "This code is wrong, expired or already used" })).toBeVisible();
});
