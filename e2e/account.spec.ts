import type { Page } from "@playwright/test";
import { startSmtpCapture } from "../lib/testing/smtp-capture";
import { E2E_SMTP_PORT } from "../playwright.config";
import { expect, test } from "./fixtures";
import { expectSignedInAs, signedInPage, signOut, uniqueUsername } from "./header";
import { PNG } from "./images";

/** Links in mail reach only the inbox: the test reads them from a real SMTP server, as the recipient would. */
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

test.beforeAll(async () => {
  smtp = await startSmtpCapture(E2E_SMTP_PORT);
});

test.afterAll(async () => {
  await smtp?.stop();
});

/** Fills in `password` and submits the form with its button `submit` (signing up or in: a wrong password first, then the right one). */
async function submitPassword(page: Page, password: string, submit: string) {
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: submit }).click();
}

test("a new user signs up, edits the profile, signs out and signs in again @keyboard", async ({ page }) => {
  const username = uniqueUsername("e2e");
  const password = "a long e2e passphrase";

  await page.goto("/");
  await page.getByRole("link", { name: "Sign up" }).first().click();
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();

  // The schema checks the form in the browser before anything is sent.
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Display name").fill("E2E Tester");
  await page.getByLabel("E-mail address").fill(`${username}@example.test`);
  await submitPassword(page, "short", "Create account");
  await expect(page.getByText("Use at least 8 characters.")).toBeVisible();

  await submitPassword(page, password, "Create account");
  await expect(page).toHaveURL(/\/account/);
  await expect(page.getByText("Welcome aboard!")).toBeVisible();
  await expectSignedInAs(page, "E2E Tester");

  // No portal page shows mail: holding a session proves nothing about the address. The link is in the inbox.
  expect((await page.goto("/mailbox"))!.status()).toBe(404);
  const address = `${username}@example.test`;
  const linkIn = (mail: Awaited<ReturnType<typeof smtp.waitFor>>) => {
    const link = new URL(/https?:\/\/\S+verify-email\?token=[\w-]+/.exec(mail.parsed.text ?? "")![0]);
    return link.pathname + link.search;
  };
  const first = linkIn(await smtp.waitFor(address));
  // Sent again from the account page: the new link works, the first one no longer does.
  await page.goto("/account");
  await page.getByRole("button", { name: "Send the link again" }).click();
  await expect(page.getByText("A new link is on its way.", { exact: false })).toBeVisible();
  const second = linkIn(await smtp.waitFor(address, (mail) => linkIn(mail) !== first));
  await page.goto(first);
  await expect(page.getByText("This link is invalid or has expired. Request a new one.")).toBeVisible();
  // The failed link's page asks for the address and sends a new link (the answer says nothing of the account).
  await page.getByRole("form", { name: "Get a new confirmation link" }).getByLabel("E-mail address of your account").fill(address);
  await page.getByRole("button", { name: "Send a new link" }).click();
  await expect(page.getByText("If an account with this address waits for confirmation, a new link is on its way.")).toBeVisible();
  const third = linkIn(await smtp.waitFor(address, (mail) => ![first, second].includes(linkIn(mail))));
  await page.goto(third);
  await expect(page.getByText("Your e-mail address is confirmed.")).toBeVisible();
  await page.goto("/account");
  await expect(page.getByRole("button", { name: "Send the link again" })).toHaveCount(0);

  // Edit the profile with the keyboard only.
  const profile = page.getByRole("form", { name: "Profile" });
  await profile.getByLabel("Display name").fill("Renamed Tester");
  // The date of birth in three fields, in the page's language and its order (month, day, year in English).
  const birth = profile.getByRole("group", { name: "Date of birth" });
  await birth.getByLabel("Month").selectOption({ label: "May" });
  await birth.getByLabel("Day").fill("17");
  await birth.getByLabel("Year").fill("2000");
  // The picture: the (just renamed) initials until one is uploaded; a file picked is uploaded at once,
  // served by us (never another host), shown in the header too, and can be removed.
  const preview = profile.getByRole("group", { name: "Picture" });
  await expect(preview.locator("img")).toHaveCount(0);
  await expect(preview).toContainText("RT");
  await preview.getByLabel("Picture").setInputFiles({ name: "not-a-picture.png", mimeType: "image/png", buffer: Buffer.from("nope") });
  await expect(profile.getByText("The file is not a PNG, JPEG, GIF or WebP image.")).toBeVisible();
  await preview.getByLabel("Picture").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
  await expect(profile.getByText("Your picture is saved.")).toBeVisible();
  await expect(preview.locator("img")).toHaveAttribute("src", /^\/api\/v1\/users\/[\w-]+\/avatar\?v=[\w-]+$/);
  await expect(page.getByRole("banner").locator('img[src^="/api/v1/users/"]')).toBeVisible();
  await profile.getByRole("button", { name: "Remove picture" }).click();
  await expect(profile.getByText("Your picture is removed.")).toBeVisible();
  await expect(preview.locator("img")).toHaveCount(0);
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(profile.getByText("Your profile is saved.")).toBeVisible();

  // A field error from the server lands at its field: the admin's username is taken.
  await profile.getByLabel("Username").fill("ADMIN");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(profile.getByText("Please correct the highlighted fields.")).toBeVisible();
  await expect(profile.getByLabel("Username")).toHaveAccessibleDescription("This username is taken.");
  await profile.getByLabel("Username").fill(username);

  // The language setting is honoured at once: the answer is in the language just chosen, and the page follows.
  await expect(profile.getByLabel("Language").locator("option")).toHaveText(["Follow the browser", "English", "Deutsch"]);
  await profile.getByLabel("Language").selectOption("de");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByRole("form", { name: "Profil" }).getByText("Dein Profil ist gespeichert.")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");

  await page.reload();
  // German after a reload too (html lang, the header, the form).
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("banner").getByRole("link", { name: "Projekte" }).first()).toBeVisible();
  const profil = page.getByRole("form", { name: "Profil" });
  await expect(profil.getByLabel("Anzeigename")).toHaveValue("Renamed Tester");
  await expect(profil.getByLabel("Sprache")).toHaveValue("de");
  const geburtsdatum = profil.getByRole("group", { name: "Geburtsdatum" });
  await expect(geburtsdatum.getByLabel("Tag")).toHaveValue("17");
  await expect(geburtsdatum.getByLabel("Monat")).toHaveValue("5");
  await expect(geburtsdatum.getByLabel("Jahr")).toHaveValue("2000");

  // A server message in German too: the schema's English message goes through the table.
  await profil.getByLabel("Benutzername").fill("x");
  await profil.getByRole("button", { name: "Profil speichern" }).click();
  await expect(profil.getByText("Mindestens 3 Zeichen.")).toBeVisible();
  await profil.getByLabel("Benutzername").fill(username);

  // The theme setting takes effect: dark, rendered by the server on the next page.
  await profil.getByLabel("Darstellung").selectOption({ label: "Dunkel" });
  await profil.getByRole("button", { name: "Profil speichern" }).click();
  await expect(profil.getByText("Dein Profil ist gespeichert.")).toBeVisible();
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(page.getByRole("form", { name: "Profil" }).getByLabel("Darstellung")).toHaveValue("dark");

  await signOut(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.goto("/account");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Faccount/);

  // Signing in here, on the page the redirect led to, comes back to the account page.
  await page.getByLabel("E-mail or username").fill(username);
  await submitPassword(page, "wrong passphrase", "Sign in");
  await expect(page.getByText("The e-mail, username or password is wrong.")).toBeVisible();

  await submitPassword(page, password, "Sign in");
  await expect(page).toHaveURL(/\/account/);
  await expectSignedInAs(page, "Renamed Tester");
});

/**
 * Issue 29: every portal page carries its own CSP nonce, so it is rendered per request and never
 * stored by a shared cache (docs/deploy.md, "Portal pages are never stored by shared caches").
 */
test("portal pages are never stored by shared caches, for visitors and signed-in users", async ({ page, browser }) => {
  const expectPrivate = (path: string, cacheControl: string | undefined) => {
    expect(cacheControl, path).toMatch(/no-store/);
    expect(cacheControl, path).not.toMatch(/\bpublic\b|s-maxage/);
  };
  const visitorPages = ["/", "/sign-in", "/sign-up", "/projects/skyforge-survival", "/users/pia.partner", "/no-such-page"];
  for (const path of visitorPages) {
    const response = await page.request.get(path);
    expectPrivate(path, response.headers()["cache-control"]);
    expect(response.headers()["content-security-policy"], path).toMatch(/'nonce-[^']+'/);
  }
  const signedIn = await signedInPage(browser, "pia.partner");
  for (const path of ["/", "/account", "/my-projects", "/projects/nebula-racing-league", "/projects/nebula-racing-league/manage/team"]) {
    const response = await signedIn.request.get(path);
    expect(response.status(), path).toBeLessThan(400);
    expectPrivate(path, response.headers()["cache-control"]);
  }
  await signedIn.context().close();
});

test("pages carry a nonce-based Content-Security-Policy and security headers", async ({ page }) => {
  const response = await page.goto("/sign-in");
  const headers = response!.headers();
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  await page.reload();
  await page.getByLabel("E-mail or username").fill("x");
  expect(errors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
});
