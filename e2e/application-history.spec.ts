/**
 * Deciding applications, what round two of issue 30 still held back: a rejection can be undone
 * (the toast's Undo, and the history's "Undo rejection" for 15 minutes), and a long history is
 * filtered by outcome, searched by name and shown a page at a time. On the demo data: Paul owns
 * Starlight Roleplay (published, APPLICATION_ONLY, Applications on).
 */
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signedInPage } from "./header";

const STARLIGHT = "/projects/starlight-roleplay";
const PASSWORD = "e2e history passphrase";

/** A new account through the API, with a token that may write. */
async function person(request: APIRequestContext, username: string) {
  const registered = await request.post("/api/v1/auth/register", {
    data: { username, email: `${username}@example.test`, password: PASSWORD, displayName: username },
  });
  expect(registered.status()).toBe(201);
  const issued = await request.post("/api/v1/auth/token", { data: { login: username, password: PASSWORD, scopes: ["read", "write"] } });
  expect(issued.status()).toBe(201);
  return { Authorization: `Bearer ${(await issued.json()).token}` };
}

async function starlightId(request: APIRequestContext, headers: Record<string, string>) {
  const page = await (await request.get("/api/v1/projects?q=Starlight", { headers })).json();
  return (page.data as { id: string; slug: string }[]).find((project) => project.slug === "starlight-roleplay")!.id;
}

test("a rejection is undone from its toast and from the history; the applicant is pending again @keyboard", async ({
  browser,
  request,
}) => {
  test.slow();
  const username = `undo${Date.now().toString(36)}`;
  const headers = await person(request, username);
  const projectId = await starlightId(request, headers);
  const applied = await request.post(`/api/v1/projects/${projectId}/applications`, { headers, data: { message: "I drive a taxi." } });
  expect(applied.status()).toBe(201);

  // A reader east of UTC by a half hour: a time in UTC shows other minutes than the reader's own.
  const paul = await signedInPage(browser, "paul.partner", undefined, { timezoneId: "Asia/Kolkata" });
  await paul.goto(`${STARLIGHT}/manage/applications`);
  const pending = () => paul.getByRole("listitem", { name: `Application of ${username}` });
  const reject = async () => {
    await pending().getByRole("button", { name: "Reject" }).click();
    const dialog = paul.getByRole("dialog", { name: `Reject the application of ${username}?` });
    await expect(dialog).toContainText("You can undo it for 15 minutes");
    await dialog.getByLabel("Reason (optional, shown to the applicant)").fill("No taxis this month.");
    await dialog.getByRole("button", { name: "Reject application" }).click();
    await expect(paul.getByText("Rejected. The applicant sees your reason.")).toBeVisible();
    await expect(pending()).toHaveCount(0);
  };

  // Right after Reject, the toast offers Undo: the application is pending again.
  await reject();
  await paul.getByRole("button", { name: "Undo", exact: true }).click();
  await expect(paul.getByText("The application is open again.")).toBeVisible();
  await expect(pending()).toBeVisible();

  // Later, the history offers it for 15 minutes after the decision.
  await reject();
  const history = paul.getByRole("region", { name: "History" });
  const row = history.getByRole("listitem").filter({ hasText: `@${username}` });
  await expect(row).toContainText("“No taxis this month.”");
  await expect(row).toContainText("You can undo this until");
  // The decision says its minute as its undo does (the final walk found the day beside the undo's
  // minute), both in the reader's time zone.
  for (const time of [row.getByTestId("application-outcome").locator("time"), row.getByText("You can undo this until").locator("time")]) {
    const { text, local } = await time.evaluate((element) => ({
      text: element.textContent,
      local: new Intl.DateTimeFormat(document.documentElement.lang, {
        year: "numeric",
        month: "short",
        day: "numeric",
        hour: "2-digit",
        minute: "2-digit",
      }).format(new Date(element.getAttribute("datetime")!)),
    }));
    expect(text).toBe(local);
  }
  await row.getByRole("button", { name: `Undo rejection: ${username}` }).click();
  // The first undo's toast may still be showing: this one comes after it.
  await expect(paul.getByText("The application is open again.").last()).toBeVisible();
  await expect(pending()).toBeVisible();
  await expect(history.getByRole("listitem").filter({ hasText: `@${username}` })).toHaveCount(0);

  // The applicant's application is pending again, and they were told so.
  const mine = await (await request.get("/api/v1/users/me/applications", { headers })).json();
  expect(mine.data[0]).toMatchObject({ status: "PENDING", reason: null });
  const told = await (await request.get("/api/v1/users/me/notifications", { headers })).json();
  expect(told.data[0]).toMatchObject({ kind: "application.reopened", title: "Your application to Starlight Roleplay is open again" });

  // The audit log says what happened, in words.
  const staff = await signedInPage(browser, "lena.lead");
  await staff.goto("/admin/audit?action=application.reopen");
  await expect(
    staff.getByRole("list", { name: "Audit entries" }).getByRole("listitem").filter({ hasText: username }).first(),
  ).toContainText("undid the rejection");
});

test("the history filters by outcome, searches by name and shows more on request", async ({ browser, request }) => {
  test.slow();
  const username = `hist${Date.now().toString(36)}`;
  const headers = await person(request, username);
  const projectId = await starlightId(request, headers);
  // 21 applications sent and withdrawn: one more than a page of the history.
  for (let i = 0; i < 21; i++) {
    const applied = await request.post(`/api/v1/projects/${projectId}/applications`, { headers, data: { message: `Try ${i + 1}` } });
    expect(applied.status()).toBe(201);
    const id = (await applied.json()).id;
    expect((await request.post(`/api/v1/projects/${projectId}/applications/${id}/withdraw`, { headers })).status()).toBe(200);
  }

  const paul = await signedInPage(browser, "paul.partner");
  await paul.goto(`${STARLIGHT}/manage/applications`);
  const history = paul.getByRole("region", { name: "History" });
  const filters = history.getByRole("search");
  await filters.getByLabel("Show").selectOption({ label: "Withdrawn" });
  await filters.getByLabel("Applicant's name").fill(username);
  await filters.getByRole("button", { name: "Search" }).click();
  await expect(paul).toHaveURL(new RegExp(`outcome=WITHDRAWN&q=${username}`));
  const rows = history.getByRole("listitem");
  await expect(rows).toHaveCount(20);
  await expect(history.getByTestId("history-count")).toHaveText("20 of 21");
  // The latest first: withdrawn ones by when they were sent.
  await expect(rows.first()).toContainText("Try 21");
  await history.getByRole("link", { name: "Show more" }).click();
  await expect(rows).toHaveCount(21);
  await expect(history.getByTestId("history-count")).toHaveText("21 of 21");
  await expect(history.getByRole("link", { name: "Show more" })).toHaveCount(0);
  await expect(rows.last()).toContainText("Try 1");

  // Another outcome: none of theirs.
  await filters.getByLabel("Show").selectOption({ label: "Rejected" });
  await filters.getByRole("button", { name: "Search" }).click();
  await expect(paul).toHaveURL(/outcome=REJECTED/);
  await expect(history.getByText("No application matches.")).toBeVisible();
  // Clearing the filters shows every outcome again.
  await history.getByRole("link", { name: "Clear the filters" }).click();
  await expect(paul).toHaveURL(new RegExp(`${STARLIGHT}/manage/applications$`));
  await expect(filters.getByLabel("Applicant's name")).toHaveValue("");
  await expect(history.getByTestId("history-count")).toContainText("20 of");
});

test("'Clear the filters' sits beside Search, on the same line", async ({ browser }) => {
  // The final walk of issue 30: at 1280 px the link sat on the labels' line, above the button it belongs to.
  const paul = await signedInPage(browser, "paul.partner");
  await paul.setViewportSize({ width: 1280, height: 900 });
  await paul.goto(`${STARLIGHT}/manage/applications?outcome=REJECTED&q=nobody`);
  const filters = paul.getByRole("region", { name: "History" }).getByRole("search");
  const search = (await filters.getByRole("button", { name: "Search" }).boundingBox())!;
  const clear = (await filters.getByRole("link", { name: "Clear the filters" }).boundingBox())!;
  expect(Math.abs(clear.y + clear.height / 2 - (search.y + search.height / 2))).toBeLessThanOrEqual(2);
  expect(clear.x).toBeGreaterThan(search.x + search.width);
});
