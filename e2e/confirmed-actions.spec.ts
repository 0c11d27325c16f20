/**
 * The portal's buttons that run a server action through `useAction` (components/ui/use-action.ts):
 * each asks in a dialog first (cancelled once: nothing happens), runs, and says its answer where
 * the component puts it (a toast, a notice, or the page it leads to); what it changed is still so
 * after a reload. Every test makes the accounts, projects, webhooks, roles and pages it changes.
 */
import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { E2E_ADMIN } from "../playwright.config";
import { adminApiHeaders, apiHeaders, newProject, projectInReview, registerAccount } from "./api";
import { expect, test } from "./fixtures";
import { expectSignedIn, signedInPage, signInPage } from "./header";

const PASSWORD = "a long e2e passphrase";

/**
 * Opens the confirmation with `opener` and cancels it, then opens it again and confirms with the
 * button `confirm`. The caller checks that the cancelled one changed nothing.
 */
async function cancelThenConfirm(page: Page, opener: Locator, title: string | RegExp, confirm: string, afterCancel: () => Promise<void>) {
  const dialog = page.getByRole("dialog", { name: title });
  await opener.click();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await afterCancel();
  await opener.click();
  await dialog.getByRole("button", { name: confirm, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** A browser of its own, signed in through the sign-in page as `username` (each test's own account). */
async function signedInBrowser(browser: Browser, username: string) {
  const page = await (await browser.newContext()).newPage();
  await signInPage(page, username, PASSWORD);
  await expectSignedIn(page);
  return page;
}

/** Whether `page`'s sign-in still holds: a signed-out browser is sent to the sign-in page. */
async function expectSignedOut(page: Page) {
  await page.goto("/account");
  await expect(page).toHaveURL(/\/sign-in/);
}

test("removing a device on the Security page ends its sessions", async ({ browser, request }) => {
  const { username } = await registerAccount(request, "devrm", PASSWORD);
  const page = await signedInBrowser(browser, username);
  const other = await signedInBrowser(browser, username);

  await page.goto("/account/security");
  const devices = page.getByRole("list", { name: "Devices" }).locator(":scope > li");
  await expect(devices).toHaveCount(2);
  const otherDevice = devices.filter({ hasNotText: "this browser" });
  await cancelThenConfirm(page, otherDevice.getByRole("button", { name: /^Remove/ }), /^Remove “.+”\?$/, "Remove device", () =>
    expect(devices).toHaveCount(2),
  );
  await expect(page.getByText("Device removed; its sessions have ended.")).toBeVisible();
  await expect(devices).toHaveCount(1);
  await expect(devices).toContainText("this browser");
  await expect(page.getByRole("list", { name: "Sessions" }).locator(":scope > li")).toHaveCount(1);

  await page.reload();
  await expect(devices).toHaveCount(1);
  await expectSignedOut(other);
});

test("ending all other sessions signs the other browsers out and keeps this one", async ({ browser, request }) => {
  const { username } = await registerAccount(request, "sessall", PASSWORD);
  const page = await signedInBrowser(browser, username);
  const others = [await signedInBrowser(browser, username), await signedInBrowser(browser, username)];

  await page.goto("/account/security");
  const sessions = page.getByRole("list", { name: "Sessions" }).locator(":scope > li");
  await expect(sessions).toHaveCount(3);
  const endOthers = page.getByRole("button", { name: "End all other sessions" });
  await cancelThenConfirm(page, endOthers, "End all 2 other sessions?", "End all other sessions", () => expect(sessions).toHaveCount(3));
  await expect(page.getByText("2 other sessions have ended.")).toBeVisible();
  await expect(sessions).toHaveCount(1);
  await expect(sessions).toContainText("this session");
  await expect(endOthers).toHaveCount(0);

  await page.reload();
  await expect(sessions).toHaveCount(1);
  for (const signedOut of others) await expectSignedOut(signedOut);
});

test("a webhook's secret is renewed, it is switched off and on, and deleted", async ({ browser, request }) => {
  const headers = await apiHeaders(request, "pia.partner");
  const project = await newProject(request, headers, { name: `Hooks ${Date.now().toString(36)}` });
  const url = "http://127.0.0.1:9/confirmed-actions";
  const created = await request.post(`/api/v1/projects/${project.id}/webhooks`, { headers, data: { url, events: ["*"] } });
  expect(created.status()).toBe(201);
  const firstSecret = (await created.json()).secret as string;

  const page = await signedInPage(browser, "pia.partner");
  await page.goto(`/projects/${project.slug}/manage/webhooks`);
  const webhook = page.getByTestId("webhook").filter({ hasText: url });
  const secretBox = page.getByTestId("webhook-secret-box");

  await cancelThenConfirm(
    page,
    webhook.getByRole("button", { name: "New secret" }),
    "Make a new signing secret?",
    "Make a new secret",
    () => expect(secretBox).toHaveCount(0),
  );
  await expect(page.getByText("The new secret is shown above. Copy it now: it is shown only once.")).toBeVisible();
  const secret = page.getByTestId("webhook-secret");
  await expect(secret).toHaveText(/^whsec_/);
  expect(await secret.textContent()).not.toBe(firstSecret);

  await webhook.getByRole("button", { name: "Switch off" }).click();
  await expect(page.getByText("The webhook is switched off.")).toBeVisible();
  await expect(webhook).toContainText("Switched off");
  await page.reload();
  await expect(webhook).toContainText("Switched off");
  await webhook.getByRole("button", { name: "Switch on" }).click();
  await expect(page.getByText("The webhook is switched on.")).toBeVisible();
  await expect(webhook).toContainText("Active");
  await expect(webhook.getByRole("button", { name: "Switch off" })).toBeVisible();

  // Renewed once more, so that the secret is on screen when its webhook goes.
  await webhook.getByRole("button", { name: "New secret" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Make a new secret" }).click();
  await expect(secretBox).toBeVisible();
  await cancelThenConfirm(
    page,
    webhook.getByRole("button", { name: `Delete the webhook ${url}` }),
    "Delete this webhook?",
    "Delete webhook",
    () => expect(webhook).toHaveCount(1),
  );
  await expect(page.getByText("The webhook is deleted.")).toBeVisible();
  await expect(webhook).toHaveCount(0);
  await expect(secretBox).toHaveCount(0);
  await expect(page.getByText("No webhooks yet.")).toBeVisible();
  await page.reload();
  await expect(page.getByText("No webhooks yet.")).toBeVisible();
});

test("a custom role is deleted from the Roles tab", async ({ browser, request }) => {
  const headers = await apiHeaders(request, "pia.partner");
  const project = await newProject(request, headers, { name: `Roles ${Date.now().toString(36)}` });
  const created = await request.post(`/api/v1/projects/${project.id}/roles`, {
    headers,
    data: { name: "Map builder", rank: 20, permissions: ["project.view"] },
  });
  expect(created.status()).toBe(201);

  const page = await signedInPage(browser, "pia.partner");
  await page.goto(`/projects/${project.slug}/manage/roles`);
  const row = page.getByRole("table", { name: "Roles of this project" }).getByRole("button", { name: "Map builder" });
  await row.click();
  const editor = page.getByRole("form", { name: "Map builder" });
  await cancelThenConfirm(page, editor.getByRole("button", { name: "Delete role" }), "Delete the role Map builder?", "Delete role", () =>
    expect(row).toHaveCount(1),
  );
  await expect(page.getByText("The role is deleted.")).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("table", { name: "Roles of this project" }).getByRole("button", { name: "Owner" })).toBeVisible();
  await expect(row).toHaveCount(0);
});

test("a page is deleted from its editor and the list of pages says so", async ({ browser, request }) => {
  const headers = await apiHeaders(request, "pia.partner");
  const project = await newProject(request, headers, { name: `Pages ${Date.now().toString(36)}`, modules: ["PROJECT_PAGES"] });
  const created = await request.post(`/api/v1/projects/${project.id}/pages`, {
    headers,
    data: { slug: "house-rules", title: "House rules", body: "Be kind." },
  });
  expect(created.status()).toBe(201);

  const page = await signedInPage(browser, "pia.partner");
  await page.goto(`/projects/${project.slug}/manage/pages/house-rules`);
  await cancelThenConfirm(page, page.getByRole("button", { name: "Delete page" }), "Delete the page “House rules”?", "Delete page", () =>
    expect(page).toHaveURL(/\/manage\/pages\/house-rules$/),
  );
  await expect(page).toHaveURL(/\/manage\/pages\?deleted=1$/);
  const pages = page.getByRole("region", { name: "Pages" });
  await expect(pages.getByText("The page is deleted.")).toBeVisible();
  await expect(pages.getByText("No pages yet.")).toBeVisible();
  expect((await request.get(`/api/v1/projects/${project.id}/pages/house-rules`, { headers })).status()).toBe(404);
});

test("deleting a project wants its name typed: a wrong name deletes nothing, the right one deletes it @keyboard", async ({
  browser,
  request,
}) => {
  const headers = await apiHeaders(request, "pia.partner");
  const project = await newProject(request, headers, { name: `Doomed ${Date.now().toString(36)}` });

  const page = await signedInPage(browser, "pia.partner");
  await page.goto(`/projects/${project.slug}/manage/settings`);
  const deleteButton = page.getByRole("button", { name: "Delete project" });
  const dialog = page.getByRole("dialog", { name: `Delete ${project.name}?` });
  const typed = dialog.getByLabel(`Type the project name to confirm: ${project.name}`);

  await deleteButton.click();
  await expect(dialog.getByRole("button", { name: "Delete project" })).toBeDisabled();
  await typed.fill("Doomed");
  await dialog.getByRole("button", { name: "Delete project" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("The name you typed does not match, so nothing was deleted.")).toBeVisible();

  await deleteButton.click();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(deleteButton).toBeVisible();

  await deleteButton.click();
  await typed.fill(project.name);
  await dialog.getByRole("button", { name: "Delete project" }).click();
  await expect(page).toHaveURL(/\/my-projects\?deleted=1$/);
  await expect(page.getByText("The project is deleted.")).toBeVisible();
  await expect(page.getByRole("main").getByText(project.name)).toHaveCount(0);
  expect((await request.get(`/api/v1/projects/${project.id}`, { headers })).status()).toBe(404);
});

test("a changed notification setting is saved and still so after a reload", async ({ browser, request }) => {
  const { username } = await registerAccount(request, "notif", PASSWORD);
  const page = await signedInBrowser(browser, username);
  await page.goto("/account/notifications");
  const byMail = page.getByRole("checkbox", { name: "A new announcement: by e-mail" });
  const inPortal = page.getByRole("checkbox", { name: "A new announcement: in the portal" });
  const before = { byMail: await byMail.isChecked(), inPortal: await inPortal.isChecked() };
  await (before.byMail ? byMail.uncheck() : byMail.check());
  await page.getByRole("button", { name: "Save notification settings" }).click();
  await expect(page.getByText("Your notification settings are saved.")).toBeVisible();

  await page.reload();
  await expect(byMail).toBeChecked({ checked: !before.byMail });
  await expect(inPortal).toBeChecked({ checked: before.inPortal });
});

/** A project of Paul's, approved through the API by the platform admin: published. */
async function publishedProject(request: APIRequestContext) {
  const { project } = await projectInReview(request, "paul.partner", {
    name: `Published ${Date.now().toString(36)}`,
    description: "A published project that the platform team takes down in the browser.",
    logoUrl: "https://cdn.example/published.png",
  });
  const passed = { passed: true };
  const decided = await request.post(`/api/v1/reviews/${project.id}/decision`, {
    headers: await adminApiHeaders(request),
    data: { decision: "APPROVE", checklist: { completeness: passed, quality: passed, guidelines: passed, security: passed } },
  });
  expect(decided.status()).toBe(200);
  return project;
}

test("taking a project down asks for the reason first, then takes it down with it", async ({ browser, request }) => {
  const project = await publishedProject(request);
  const staff = await signedInPage(browser, E2E_ADMIN.login, E2E_ADMIN.password);
  await staff.goto(`/projects/${project.slug}/manage/review`);
  const takeDown = staff.getByRole("button", { name: "Take down" });
  await takeDown.click();
  await expect(staff.getByText("Write the reason first.")).toBeVisible();

  await staff.getByLabel("Reason (shown to the team)").fill("Links to a site that spreads malware.");
  await takeDown.click();
  await expect(staff.getByText("The project is taken down.")).toBeVisible();
  await expect(staff.getByText("Write the reason first.")).toHaveCount(0);
  const history = staff.getByRole("region", { name: "History" });
  await expect(history).toContainText("Published → Rejected");
  await expect(history).toContainText("Links to a site that spreads malware.");
  await staff.reload();
  await expect(history).toContainText("Published → Rejected");
  await expect(takeDown).toHaveCount(0);
});

test("staff turn off a user's two-factor sign-in on the user's page", async ({ browser, request }) => {
  const { id, username } = await registerAccount(request, "tfaoff", PASSWORD);
  const token = await request.post("/api/v1/auth/token", { data: { login: username, password: PASSWORD } });
  const headers = { Authorization: `Bearer ${(await token.json()).token}` };
  const setup = await request.post("/api/v1/users/me/2fa/setup", { headers });
  expect(setup.status()).toBe(200);
  const code = new TOTP({ secret: Secret.fromBase32((await setup.json()).secret), digits: 6, period: 30, algorithm: "SHA1" }).generate();
  expect((await request.post("/api/v1/users/me/2fa/enable", { headers, data: { code } })).status()).toBe(200);

  const staff = await signedInPage(browser, E2E_ADMIN.login, E2E_ADMIN.password);
  await staff.goto(`/admin/users/${id}`);
  const account = staff.getByRole("region", { name: "Account" });
  await expect(account).toContainText("On since");
  const reset = staff.getByRole("button", { name: "Reset two-factor sign-in…" });
  await cancelThenConfirm(staff, reset, `Turn off two-factor sign-in for @${username}?`, "Turn off two-factor sign-in", () =>
    expect(account).toContainText("On since"),
  );
  await expect(
    staff.getByText("Two-factor sign-in is off for this account. A security warning is recorded and the user has been mailed."),
  ).toBeVisible();
  await expect(reset).toHaveCount(0);
  await expect(account).not.toContainText("On since");
  await staff.reload();
  await expect(reset).toHaveCount(0);
  await expect(account).not.toContainText("On since");
});
