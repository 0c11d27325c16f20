import { expect, test } from "./fixtures";
import { expectSignedIn, signInPage } from "./header";
import { DEMO_PASSWORD } from "./portal-table";

// dana.dev: a demo account no other browser test signs in with.
test("the device cookie is set only by a successful sign-in, as a __Host- Secure cookie", async ({ page, context }) => {
  const deviceCookie = async () => (await context.cookies()).find((cookie) => cookie.name.endsWith("pums.device"));

  await signInPage(page, "dana.dev", "not the demo passphrase");
  await expect(page.getByText("The e-mail, username or password is wrong.")).toBeVisible();
  expect(await deviceCookie()).toBeUndefined();

  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expectSignedIn(page);
  const cookies = await context.cookies();
  expect(cookies.find((cookie) => cookie.name === "__Host-pums.session")).toMatchObject({ secure: true, httpOnly: true, path: "/" });
  expect(await deviceCookie()).toMatchObject({ name: "__Host-pums.device", secure: true, httpOnly: true, path: "/" });
});

test("after sign-in, a hostile ?next= target stays on our site", async ({ page, baseURL }) => {
  await page.goto("/sign-in?next=/%09/evil.example");
  await page.getByLabel("E-mail or username").fill("dana.dev");
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/account`));
});
