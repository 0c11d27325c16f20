/**
 * The fixtures of e2e/fixtures.ts hold: a next-intl error in the console fails a test (both
 * projects), and in keyboard mode the Locator's actions go by the keyboard and refuse what a
 * keyboard user cannot do (the "keyboard" project only).
 */
import type { Page } from "@playwright/test";
import { axeViolations, preloadAxe } from "./axe";
import { expect, test } from "./fixtures";

test("a next-intl error in a browser's console fails the test", async ({ browser }) => {
  test.fail(true, "the fixture must fail this test");
  const page = await browser.newPage();
  await page.setContent("<p>A page</p>");
  await page.evaluate(() => console.error("IntlError: MISSING_MESSAGE: Could not resolve `Nowhere.title` in messages for locale `en`."));
});

const FAULTY = `<!doctype html><html lang="en"><head><title>Faulty</title></head><body><main><h1>Faulty</h1>
  <img src="data:,"><p style="color: #777; background: #888">Faint text</p><button></button></main></body></html>`;
const CLEAN = `<!doctype html><html lang="en"><head><title>Clean</title></head><body><main><h1>Clean</h1><p>Text</p></main></body></html>`;

test("axeViolations reports what axe finds, with axe preloaded or not, and nothing on a clean page", async ({ browser, keyboardOnly }) => {
  test.skip(keyboardOnly, "no journey: the default project checks it");
  const page = await browser.newPage();
  await page.route("http://axe.test/**", (route) =>
    route.fulfill({ contentType: "text/html", body: route.request().url().endsWith("/clean") ? CLEAN : FAULTY }),
  );
  const rules = (lines: string[]) => lines.map((line) => line.split(" ")[1]).sort();
  await page.goto("http://axe.test/faulty");
  expect(rules(await axeViolations(page, "faulty"))).toEqual(["button-name", "color-contrast", "image-alt"]);
  await preloadAxe(page);
  await page.goto("http://axe.test/clean");
  expect(await page.evaluate(() => "axe" in window)).toBe(true);
  expect(await axeViolations(page, "clean")).toEqual([]);
  await page.goto("http://axe.test/faulty");
  expect(rules(await axeViolations(page, "faulty-preloaded"))).toEqual(["button-name", "color-contrast", "image-alt"]);
  await page.close();
});

const CONTROLS = `
  <style>:focus-visible { outline: 2px solid blue; } #bare:focus-visible { outline: none; }</style>
  <a href="#top">First link</a>
  <button id="ring" onclick="this.textContent = 'Pressed'">Press me</button>
  <div id="div" tabindex="0" onclick="this.textContent = 'Clicked'">A clickable div</div>
  <span id="span" onclick="this.textContent = 'Clicked'">A clickable span</span>
  <fieldset><legend>Size</legend>
    <label><input type="radio" name="size" value="s"> Small</label>
    <label><input type="radio" name="size" value="m"> Medium</label>
    <label><input type="radio" name="size" value="l"> Large</label>
  </fieldset>
  <label>Name <input id="name" value="old"></label>`;

test.describe("keyboard mode", () => {
  test.beforeEach(({ keyboardOnly }) => test.skip(!keyboardOnly, "keyboard project only"));

  async function controls(page: Page) {
    await page.setContent(CONTROLS);
    return page;
  }

  test("a button is reached by Tab and pressed with Enter; a field is filled by typing", async ({ page }) => {
    await controls(page);
    await page.locator("#ring").click();
    await expect(page.locator("#ring")).toHaveText("Pressed");
    await expect(page.locator("#ring")).toBeFocused();
    await page.getByLabel("Name").fill("new name");
    await expect(page.getByLabel("Name")).toHaveValue("new name");
    // Back up the page: Shift+Tab.
    await page.getByRole("link", { name: "First link" }).press("Enter");
    await expect(page).toHaveURL(/#top$/);
  });

  test("a radio is checked with the arrow keys inside its group", async ({ page }) => {
    await controls(page);
    await page.getByLabel("Large").check();
    await expect(page.getByLabel("Large")).toBeChecked();
    await page.getByLabel("Small").check();
    await expect(page.getByLabel("Small")).toBeChecked();
  });

  test("what a keyboard user cannot do fails loudly", async ({ page }) => {
    await controls(page);
    await expect(page.locator("#div").click()).rejects.toThrow(/is a <div>, which Enter and Space do not activate/);
    await expect(page.locator("#span").click()).rejects.toThrow(
      /is not reachable with Tab or Shift\+Tab.*The focus went to: .*button "Press me"/,
    );
    await expect(page.locator("#ring").hover()).rejects.toThrow(/hover\(\) on .* needs a pointer/);
    await expect(page.locator("#span")).toHaveText("A clickable span");
    // A control without a ring fails whether it is the target or only on the way.
    await page
      .locator("#ring")
      .evaluate((ring) => ring.insertAdjacentHTML("afterend", `<button id="bare">No ring</button><button id="after">After</button>`));
    await expect(page.locator("#bare").click()).rejects.toThrow(/no visible focus ring on button "No ring"/);
    await page.locator("#ring").focus();
    await expect(page.locator("#after").click()).rejects.toThrow(
      /no visible focus ring on button "No ring" \(on the way to locator\('#after'\)/,
    );
  });
});
