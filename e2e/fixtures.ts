/**
 * The `test` and `expect` every browser test imports. On top of Playwright's:
 * - `keyboardOnly` (an option, on in the "keyboard" project of playwright.config.ts): every
 *   Locator's pointer actions are done with the keyboard instead (see e2e/keyboard-driver.ts);
 * - in both projects, a test fails when any browser it opened logs a next-intl error in the
 *   console (a message or a whole namespace missing from the client catalogue), and when an English
 *   server message reached a reader of another language: in the browser (a console warning) or
 *   on the server (the servers' UNTRANSLATED_MESSAGES_LOG, playwright.config.ts).
 */
import { existsSync, readFileSync } from "node:fs";
import { test as base, expect, type Browser, type BrowserContext, type Locator } from "@playwright/test";
import { UNTRANSLATED_MARKER } from "../lib/i18n/server-messages/untranslated";
import { E2E_DATA_DIRS, untranslatedLog } from "../playwright.config";
import { driveLocatorsByKeyboard } from "./keyboard-driver";

export { expect };

/** What next-intl logs when a message or namespace is missing or a message cannot be formatted. */
const INTL_ERROR = /MISSING_MESSAGE|IntlError/;

/** What the servers wrote to their logs of untranslated messages so far. */
function untranslatedOnServers(): string {
  return E2E_DATA_DIRS.map((dataDir) => untranslatedLog(dataDir))
    .map((file) => (existsSync(file) ? readFileSync(file, "utf8") : ""))
    .join("");
}

type WorkerFixtures = {
  /** Drive every journey by the keyboard alone (Tab, Shift+Tab, arrows, Enter, Space, typing). */
  keyboardOnly: boolean;
  keyboardDriver: undefined;
  /** The next-intl errors and untranslated messages the browsers of the current test logged (emptied before each test). */
  intlErrors: string[];
};

/** Every context the browser opens, the test's own `page` included, reports its console to `errors`. */
function watchConsoles(browser: Browser, errors: string[]): () => void {
  const newContext = browser.newContext;
  const watch = (context: BrowserContext) =>
    context.on("console", (message) => {
      if (INTL_ERROR.test(message.text()) || message.text().includes(UNTRANSLATED_MARKER))
        errors.push(`${message.location().url}: ${message.text()}`);
    });
  browser.newContext = async (...args: Parameters<Browser["newContext"]>) => {
    const context = await newContext.apply(browser, args);
    watch(context);
    return context;
  };
  return () => {
    browser.newContext = newContext;
  };
}

export const test = base.extend<{ noIntlErrors: undefined; noUntranslatedMessages: undefined }, WorkerFixtures>({
  keyboardOnly: [false, { option: true, scope: "worker" }],

  // The prototype is shared by every Locator of the worker, those of pages opened with
  // browser.newContext() too; it is restored when the worker ends.
  keyboardDriver: [
    async ({ keyboardOnly, browser }, use) => {
      if (!keyboardOnly) return use(undefined);
      const context = await browser.newContext();
      const prototype = Object.getPrototypeOf((await context.newPage()).locator("body")) as Locator;
      await context.close();
      const restore = driveLocatorsByKeyboard(prototype);
      await use(undefined);
      restore();
    },
    { scope: "worker", auto: true },
  ],

  intlErrors: [
    async ({ browser }, use) => {
      const errors: string[] = [];
      const restore = watchConsoles(browser, errors);
      await use(errors);
      restore();
    },
    // Auto: set up when the worker starts, before any test's context exists.
    { scope: "worker", auto: true },
  ],

  noIntlErrors: [
    async ({ intlErrors }, use) => {
      intlErrors.length = 0;
      await use(undefined);
      expect(intlErrors, "next-intl errors or untranslated server messages in the browser console").toEqual([]);
    },
    { auto: true },
  ],

  noUntranslatedMessages: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern; it needs none.
    async ({}, use) => {
      const before = untranslatedOnServers().length;
      await use(undefined);
      expect(untranslatedOnServers().slice(before), "English server messages shown to a reader of another language").toBe("");
    },
    { auto: true },
  ],
});
