/**
 * Times in the reader's time zone, with UTC on hover (issue 30, item 15): every time the portal
 * shows is a <time> with its ISO instant, the local time as text and the UTC time as its title;
 * the server renders UTC and the browser localizes after hydration without a mismatch.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectSignedIn, signInPage } from "./header";

// India has no daylight saving time and a half-hour offset: a local time can never pass for UTC.
test.use({ timezoneId: "Asia/Kolkata", locale: "en-GB" });

/** What the browser (in its own zone) and UTC make of a <time>'s instant, in the portal's "dateTime" format. */
async function expected(page: Page, iso: string) {
  return page.evaluate((at) => {
    const options: Intl.DateTimeFormatOptions = { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" };
    return {
      local: new Intl.DateTimeFormat("en", options).format(new Date(at)),
      utc: new Intl.DateTimeFormat("en", { ...options, timeZone: "UTC" }).format(new Date(at)),
    };
  }, iso);
}

async function expectLocalTime(page: Page, time: ReturnType<Page["locator"]>) {
  const iso = (await time.getAttribute("datetime"))!;
  expect(iso).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d/);
  const { local, utc } = await expected(page, iso);
  expect(local).not.toBe(utc);
  await expect(time).toHaveText(local);
  await expect(time).toHaveAttribute("title", `${utc} UTC`);
}

test("times show in the reader's time zone with UTC on hover, without hydration warnings", async ({ page }) => {
  const hydration: string[] = [];
  page.on("console", (message) => {
    if (/hydrat/i.test(message.text())) hydration.push(message.text());
  });

  // A server-rendered page for everyone: the announcements' bylines.
  await page.goto("/projects/skyforge-survival");
  await expectLocalTime(page, page.getByRole("region", { name: "Announcements" }).locator("time").first());

  // A staff page: the audit log.
  await signInPage(page, "lena.lead");
  await expectSignedIn(page);
  await page.goto("/admin/audit");
  await expectLocalTime(page, page.getByRole("list", { name: "Audit entries" }).locator("time").first());

  expect(hydration).toEqual([]);
});
