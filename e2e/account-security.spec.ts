import type { Browser, Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { startSmtpCapture } from "../lib/testing/smtp-capture";
import { E2E_SMTP_PORT } from "../playwright.config";
import { expect as baseExpect, test } from "./fixtures";
import { registerAccount } from "./api";
import { expectSignedIn, signInPage, signOut } from "./header";

const PASSWORD = "a long e2e passphrase";
// Sign-in hashes with Argon2: on a busy machine a step can take several seconds.
test.use({ actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

test.beforeAll(async () => {
  smtp = await startSmtpCapture(E2E_SMTP_PORT);
});

test.afterAll(async () => {
  await smtp?.stop();
});

const totp = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });

/**
 * A code of the previous 30-second step, which the server still accepts: enabling with it leaves
 * the current step unused, so the sign-in that follows needs no wait for a new code (each step
 * works once). In the last 3 s of a step it first waits for the next one, so "previous" stays
 * within the server's window.
 */
async function previousStepCode(page: Page, secret: string) {
  if (30_000 - (Date.now() % 30_000) < 3_000) await page.waitForTimeout(3_500);
  return totp(secret).generate({ timestamp: Date.now() - 30_000 });
}

test("two-factor sign-in: enable with a code computed from the shown secret, sign in with a code, then with a recovery code once @keyboard", async ({
  page,
}) => {
  // A long journey: three times the project's timeout (the keyboard project's is twice the default's).
  test.slow();
  const { username } = await registerAccount(page.request, "tfa", PASSWORD);
  await signInPage(page, username, PASSWORD);
  await expectSignedIn(page);

  await page.goto("/account/security");
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await expect(page.getByRole("img", { name: "QR code of the secret" }).locator("svg")).toBeVisible();
  await page.getByLabel("Code from the app").fill(await previousStepCode(page, secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByTestId("recovery-codes").locator("li")).toHaveCount(10);
  const codes = await page.getByTestId("recovery-codes").locator("li").allTextContents();
  await expect(page.getByRole("link", { name: "Download as text" })).toHaveAttribute("download", "recovery-codes.txt");
  await page.getByRole("button", { name: "I saved them" }).click();
  await expect(page.getByText(/10 of 10 recovery codes left/)).toBeVisible();
  await signOut(page);

  await signInPage(page, username, PASSWORD);
  await expect(page.getByLabel("Authentication code")).toBeVisible();
  await page.getByLabel("Authentication code").fill(totp(secret).generate());
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expectSignedIn(page);
  await signOut(page);

  await signInPage(page, username, PASSWORD);
  await page.getByLabel("Authentication code").fill(codes[0]);
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expectSignedIn(page);
  await signOut(page);

  await signInPage(page, username, PASSWORD);
  await page.getByLabel("Authentication code").fill(codes[0]);
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByText("The code is wrong, used already or expired.", { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);

  // The login history: a password step that asks for the code is not a failure; the one real
  // failure (the used recovery code) says why in plain words; the client is named, not a raw agent.
  await signInPage(page, username, PASSWORD);
  await page.getByLabel("Authentication code").fill(codes[1]);
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expectSignedIn(page);
  await page.goto("/account/security");
  const history = page.getByRole("table", { name: "Login history" });
  await expect(history.getByRole("row").filter({ hasText: "Code requested" })).toHaveCount(4);
  const failures = history.getByRole("row").filter({ hasText: "Failed" });
  await expect(failures).toHaveCount(1);
  await expect(failures).toContainText("Wrong or used code");
  await expect(history.getByRole("row").filter({ hasText: "Chrome on Linux" }).first()).toBeVisible();
});

test("a forgotten password is reset through the link in the mail the SMTP server receives", async ({ page }) => {
  const { username, email } = await registerAccount(page.request, "reset", PASSWORD);
  await page.goto("/sign-in");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("If an account uses this address")).toBeVisible();

  const mail = await smtp.waitFor(email, (received) => received.parsed.subject === "Reset your password");
  const link = /http:\/\/\S+\/reset-password\?token=\S+/.exec(mail.parsed.text ?? "")![0];
  expect(mail.parsed.html).toContain(link);
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("This password is too common. Choose another.")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("a brand new e2e passphrase");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/sign-in\?reset=1/);
  await expect(page.getByText("Your new password is set")).toBeVisible();

  await signInPage(page, username, PASSWORD);
  await expect(page.getByText("The e-mail, username or password is wrong.")).toBeVisible();
  await signInPage(page, username, "a brand new e2e passphrase");
  await expectSignedIn(page);

  // The link worked once.
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("yet another e2e passphrase");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("This reset link is invalid, used or expired.", { exact: false })).toBeVisible();
});

/** The account signed in on `page` and in a second browser, whose page is returned. */
async function signInTwice(page: Page, browser: Browser, username: string) {
  await signInPage(page, username, PASSWORD);
  await expectSignedIn(page);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInPage(otherPage, username, PASSWORD);
  await expectSignedIn(otherPage);
  return { other, otherPage };
}

test("ending another session on the Security page signs that browser out", async ({ page, browser }) => {
  const { username } = await registerAccount(page.request, "sess", PASSWORD);
  const { other, otherPage } = await signInTwice(page, browser, username);

  await page.goto("/account/security");
  const sessions = page.getByRole("list", { name: "Sessions" }).locator("li");
  await expect(sessions).toHaveCount(2);
  await sessions.filter({ hasNotText: "this session" }).getByRole("button", { name: "End session" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "End session" }).click();
  await expect(page.getByText("The session has ended.")).toBeVisible();
  await expect(sessions).toHaveCount(1);

  await otherPage.goto("/account");
  await expect(otherPage).toHaveURL(/\/sign-in/);
  await other.close();
});

test("after a password change the Security page lists the access tokens and revokes them all in one step", async ({ page, browser }) => {
  const { username } = await registerAccount(page.request, "pwtok", PASSWORD);
  const issued = await page.request.post("/api/v1/auth/token", { data: { login: username, password: PASSWORD, name: "Old script" } });
  expect(issued.status()).toBe(201);
  const { token } = (await issued.json()) as { token: string };
  const { other, otherPage } = await signInTwice(page, browser, username);

  await page.goto("/account/security");
  const form = page.getByRole("form", { name: "Change password" });
  await form.getByLabel("Current password").fill(PASSWORD);
  await form.getByLabel("New password", { exact: true }).fill("a changed e2e passphrase");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your password is changed.", { exact: false })).toBeVisible();
  // The other browser is signed out at once; the token still works until it is revoked here.
  await otherPage.goto("/account");
  await expect(otherPage).toHaveURL(/\/sign-in/);
  await other.close();

  const tokens = page.getByRole("region", { name: "Access tokens of your account" });
  await expect(tokens.getByText("Your access token still works", { exact: false })).toBeVisible();
  await expect(tokens.getByText("Old script")).toBeVisible();
  expect((await page.request.get("/api/v1/users/me", { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200);
  await tokens.getByRole("button", { name: "Revoke all tokens" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Revoke your access token?");
  await dialog.getByRole("button", { name: "Revoke all tokens" }).click();
  await expect(page.getByText("1 token revoked.")).toBeVisible();
  expect((await page.request.get("/api/v1/users/me", { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);
});
