/**
 * A German reader sees no English from stored or computed texts: notifications (stored as a kind
 * and its params, worded on reading) and zod's own form messages.
 */
import { expect, test } from "./fixtures";
import { expectSignedIn, signInPage } from "./header";
import { DEMO_PASSWORD } from "./portal-table";

const PASSWORD = "german reader passphrase";

test("a German user reads a notification in German and gets a form's range check in German", async ({ browser, request }) => {
  // A new account that speaks German, and an application of it that the project's Owner declines with a reason.
  const username = `leser${Date.now().toString(36)}`;
  expect(
    (
      await request.post("/api/v1/auth/register", {
        data: { username, email: `${username}@example.test`, password: PASSWORD, displayName: "Lea Leser" },
      })
    ).status(),
  ).toBe(201);
  const token = async (login: string, password: string) => {
    const response = await request.post("/api/v1/auth/token", { data: { login, password, scopes: ["read", "write"] } });
    expect(response.status()).toBe(201);
    return { Authorization: `Bearer ${(await response.json()).token}` };
  };
  const reader = await token(username, PASSWORD);
  const me = await request.get("/api/v1/users/me", { headers: reader });
  expect(
    (await request.put("/api/v1/users/me", { headers: { ...reader, "If-Match": me.headers().etag! }, data: { language: "de" } })).status(),
  ).toBe(200);
  const owner = await token("pia.partner", DEMO_PASSWORD);
  const projects = (await (await request.get("/api/v1/projects?limit=100", { headers: owner })).json()).data as {
    id: string;
    slug: string;
  }[];
  const skyforge = projects.find((project) => project.slug === "skyforge-survival")!.id;
  const applied = await request.post(`/api/v1/projects/${skyforge}/applications`, { headers: reader, data: { message: "Hallo!" } });
  expect(applied.status()).toBe(201);
  const declined = await request.post(`/api/v1/projects/${skyforge}/applications/${(await applied.json()).id}/decision`, {
    headers: owner,
    data: { decision: "REJECT", reason: "Im Moment ist das Team voll." },
  });
  expect(declined.status()).toBe(200);

  const page = await (await browser.newContext({ locale: "de-DE" })).newPage();
  await signInPage(page, username, PASSWORD);
  await expectSignedIn(page);
  await page.goto("/notifications");
  const list = page.getByRole("list", { name: "Benachrichtigungen" });
  await expect(list).toContainText("Deine Bewerbung bei Skyforge Survival wurde abgelehnt");
  await expect(list).toContainText("Im Moment ist das Team voll.");
  await expect(list).not.toContainText("was not accepted");

  // zod's own message for a text too long (the schema states none itself for its maximum).
  await page.goto("/account/tokens");
  const form = page.getByRole("form", { name: "Neues Token" });
  await form.getByLabel("Name des Tokens").fill("x".repeat(101));
  await form.getByRole("button", { name: "Token erstellen" }).click();
  await expect(form.getByText("Höchstens 100 Zeichen.")).toBeVisible();
  await expect(form.getByText(/Too big|expected string/)).toHaveCount(0);
});

test("a visitor whose browser reads German signs up to a German account (issue 30, item 3)", async ({ browser }) => {
  const page = await (await browser.newContext({ locale: "de-DE" })).newPage();
  await page.goto("/sign-up");
  await expect(page.getByRole("heading", { name: "Erstell dein Konto" })).toBeVisible();
  const username = `neu${Date.now().toString(36)}`;
  await page.getByLabel("Benutzername").fill(username);
  await page.getByLabel("Anzeigename").fill("Nina Neu");
  await page.getByLabel("E-Mail-Adresse").fill(`${username}@example.test`);
  await page.getByLabel("Passwort", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Konto erstellen" }).click();
  await expect(page).toHaveURL(/\/account/, { timeout: 20_000 });
  // The account's language is the one the sign-up was read in, not English.
  await expect(page.getByRole("form", { name: "Profil" }).getByLabel("Sprache")).toHaveValue("de");
});

test("a German reader gets no English from the API's wording: role names, a bad image, and the suite's untranslated-message watch (issue 30, item 7)", async ({
  browser,
  request,
}) => {
  const username = `bild${Date.now().toString(36)}`;
  expect(
    (
      await request.post("/api/v1/auth/register", {
        data: { username, email: `${username}@example.test`, password: PASSWORD, displayName: "Bea Bild", language: "de" },
      })
    ).status(),
  ).toBe(201);
  const page = await (await browser.newContext({ locale: "de-DE" })).newPage();
  await signInPage(page, username, PASSWORD);
  await expectSignedIn(page);

  // The roles a project offers, and the one asked for on My applications, are the default roles' German names.
  await page.goto("/projects/starlight-roleplay");
  const apply = page.getByRole("form", { name: "Bewerben" });
  await expect(apply.getByLabel("Gewünschte Rolle").locator("option")).toContainText(["Egal (das Team entscheidet)", "Mitglied", "Tester"]);
  await apply.getByRole("textbox").fill("Ich wäre gern Mechanikerin in der Stadt.");
  await apply.getByLabel("Gewünschte Rolle").selectOption({ label: "Mitglied" });
  await apply.getByRole("button", { name: "Bewerben" }).click();
  await expect(page.getByText("Deine Bewerbung ist offen")).toBeVisible();
  await expect(page.getByText(/als Mitglied/)).toBeVisible();
  await page.goto("/my-applications");
  await expect(page.getByRole("list", { name: "Meine Bewerbungen" })).toContainText("angefragt als Mitglied");

  // A file that is no image: the refusal is German (it was the API's "Send the body as image/png, ...").
  await page.goto("/account");
  await expect(page.getByRole("group", { name: "Bild" }).locator("label", { hasText: "Bild auswählen" })).toBeVisible();
  await page
    .getByRole("group", { name: "Bild" })
    .getByLabel("Bild", { exact: true })
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("no image") });
  await expect(page.getByText("Die Datei ist kein PNG-, JPEG-, GIF- oder WebP-Bild.")).toBeVisible();
  await expect(page.getByText(/Send the body as/)).toHaveCount(0);
});

test("the header's sign-up says what the sign-up page says, and fits a phone", async ({ browser }) => {
  // The final walk of issue 30: the header said "Registrieren" where the page says "Konto erstellen".
  const page = await (await browser.newContext({ locale: "de-DE", viewport: { width: 390, height: 844 } })).newPage();
  await page.goto("/");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Konto erstellen", exact: true })).toBeVisible();
  await expect(header).not.toContainText("Registrieren");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await header.getByRole("link", { name: "Konto erstellen", exact: true }).click();
  await expect(page).toHaveURL(/\/sign-up$/);
  await expect(page.getByRole("button", { name: "Konto erstellen", exact: true })).toBeVisible();
});
