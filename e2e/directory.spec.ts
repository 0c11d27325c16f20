/**
 * The directory for a signed-out visitor (issue 30, item 14): a result count, game and category
 * facets with counts that filter, filters that fold away on a phone; and a link to a listed project
 * that only signed-in users see asks the visitor to sign in (a private one stays not found).
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { drawnLines } from "./layout";

/** The cards on the page and the count the page states. */
async function shownAndStated(page: Page) {
  const cards = await page.getByRole("list", { name: "Project list" }).getByRole("listitem").count();
  const stated = Number((await page.getByTestId("result-count").textContent())!.match(/\d+/)![0]);
  return { cards, stated };
}

test("a visitor narrows the directory with facets that say how many projects each holds", async ({ page }) => {
  await page.goto("/projects");
  const all = await shownAndStated(page);
  expect(all.stated).toBe(all.cards);

  const games = page.getByRole("list", { name: "Games" });
  const minecraft = games.getByRole("link", { name: /^Minecraft\b/ });
  const minecraftCount = Number((await minecraft.getByTestId("facet-count").textContent())!.trim());
  expect(minecraftCount).toBeGreaterThan(0);
  await expect(games.getByRole("link", { name: /^GTA V\b/ })).toBeVisible();
  await expect(page.getByRole("list", { name: "Categories" }).getByRole("link", { name: /^Server\b/ })).toBeVisible();

  await minecraft.click();
  await expect(page).toHaveURL(/game=Minecraft/);
  const narrowed = await shownAndStated(page);
  expect(narrowed).toEqual({ cards: minecraftCount, stated: minecraftCount });
  await expect(page.getByRole("list", { name: "Project list" })).not.toContainText("Starlight Roleplay");
  // The chosen facet is marked and can be taken off again.
  await expect(page.getByRole("list", { name: "Games" }).getByRole("link", { name: /^Minecraft\b/ })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await page.getByRole("link", { name: "Remove the filter Minecraft" }).click();
  await expect(page).not.toHaveURL(/game=/);
  expect((await shownAndStated(page)).stated).toBe(all.stated);
});

test("a card shows the whole project name at 1280 px, wrapping it rather than cutting it off", async ({ page }) => {
  // The closing walk of issue 30 found "Skyforge Su…" beside the facets (the card is about 230 px wide).
  await page.goto("/projects");
  const heading = page.getByRole("list", { name: "Project list" }).getByRole("heading", { name: "Skyforge Survival" });
  await expect(heading).toBeVisible();
  const clipped = await heading.evaluate(
    (element) => element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight,
  );
  expect(clipped).toBe(false);
});

test("a card's link is named by its project, draws the focus ring around the card, and opens the project without a reload", async ({
  page,
}) => {
  // The card's link is a plain anchor under the list's one navigation handler (components/projects/project-card.tsx).
  await page.goto("/projects");
  const card = page.getByRole("list", { name: "Project list" }).getByRole("listitem").filter({ hasText: "Skyforge Survival" });
  const link = card.getByRole("link", { name: "Skyforge Survival", exact: true });
  await expect(link).toHaveAttribute("href", "/projects/skyforge-survival");
  await page.evaluate(() => ((window as unknown as { stayed?: boolean }).stayed = true));
  // By the keyboard: Tab until the card's link has the focus, and its ring is drawn (the link's ::after covers the card).
  for (let step = 0; step < 60 && !(await link.evaluate((element) => element === document.activeElement)); step++)
    await page.keyboard.press("Tab");
  await expect(link).toBeFocused();
  const ring = await link.evaluate((element) => {
    const after = getComputedStyle(element, "::after");
    return { shadow: after.boxShadow, position: after.position };
  });
  expect(ring.position).toBe("absolute");
  expect(ring.shadow).not.toBe("none");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/projects\/skyforge-survival$/);
  await expect(page.getByRole("heading", { level: 1, name: "Skyforge Survival" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test("at 1280 px the cards sit two to a row beside the facets, and the search field shows its whole placeholder, in German too", async ({
  browser,
}) => {
  // The closing walk of issue 30: three cards of about 230 px beside the facets, "Name oder Beschreibun".
  const page = await (await browser.newContext({ locale: "de-DE", viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto("/projects");
  const cards = page.getByRole("list", { name: "Projektliste" }).getByRole("listitem");
  await expect(cards.nth(1)).toBeVisible();
  const [first, second] = await Promise.all([cards.nth(0).boundingBox(), cards.nth(1).boundingBox()]);
  expect(first!.width).toBeGreaterThan(300);
  expect(second!.y).toBe(first!.y);
  const { text, room } = await page.getByRole("searchbox", { name: "Suche" }).evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return {
      text: context.measureText(input.placeholder).width,
      room: input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight),
    };
  });
  expect(text).toBeLessThanOrEqual(room);
});

test("on a phone the filters fold away behind one button", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/projects");
  const search = page.getByRole("searchbox", { name: "Search" });
  await expect(search).toBeHidden();
  await page.getByText("Filters", { exact: true }).click();
  await expect(search).toBeVisible();
  await expect(page.getByRole("list", { name: "Games" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("a visitor following a link to a project for signed-in users is asked to sign in; a private one stays not found", async ({ page }) => {
  await page.goto("/projects/starlight-roleplay");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fprojects%2Fstarlight-roleplay/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The page says why it asks, naming the project (the closing walk found a bare sign-in form).
  await expect(page.getByText("Starlight Roleplay is open to signed-in players")).toBeVisible();

  const response = await page.goto("/projects/ironclad-tactics");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Page not found")).toBeVisible();
  // A sign-in link made up for a private project names nothing.
  await page.goto("/sign-in?next=%2Fprojects%2Fironclad-tactics");
  await expect(page.getByText("Ironclad Tactics")).toHaveCount(0);
});

test("on a phone a download button wraps before its file name, never inside it", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/projects/skyforge-survival");
  const button = page.getByRole("link", { name: /^Download skyforge-client-/ }).first();
  await expect(button).toBeVisible();
  // The lines the file name's own characters are drawn on: one, however the words around it wrap.
  const name = (await button.getAttribute("download"))!;
  expect(await drawnLines(button.getByText(name, { exact: true }))).toBe(1);
});
