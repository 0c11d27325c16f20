/**
 * Webhooks in the browser: a partner creates a webhook for their project and copies its secret,
 * sends a test, sees a real change delivered (signed, verified here with the Standard Webhooks
 * library) in the deliveries table, and sends it again with the same webhook-id. The receiver is
 * a local server; the app allows 127.0.0.1 as a target (WEBHOOKS_ALLOW_HOSTS in playwright.config.ts).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { expect, test } from "./fixtures";
import { signedInPage } from "./header";
import { DEMO_PASSWORD } from "./portal-table";

interface Delivery {
  headers: Record<string, string>;
  body: string;
}

test("a partner creates a webhook, sees a delivery and sends it again", async ({ browser }) => {
  test.slow();
  const deliveries: Delivery[] = [];
  const receiver = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      deliveries.push({ headers: request.headers as Record<string, string>, body });
      response.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  try {
    const page = await signedInPage(browser, "pia.partner");
    const token = (
      await (await page.request.post("/api/v1/auth/token", { data: { login: "pia.partner", password: DEMO_PASSWORD } })).json()
    ).token;
    const headers = { Authorization: `Bearer ${token}` };
    const project = await (
      await page.request.post("/api/v1/projects", { headers, data: { name: `Hooked ${Date.now().toString(36)}` } })
    ).json();

    await page.goto(`/projects/${project.slug}/manage/webhooks`);
    await page.getByLabel("URL").fill(url);
    await page.getByLabel("Description (optional)").fill("Our Discord bot");
    await page.getByRole("button", { name: "Create webhook" }).click();
    const secret = (await page.getByTestId("webhook-secret").textContent()) ?? "";
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole("button", { name: "Copy the signing secret" }).click();

    // A test delivery, at once.
    await page.getByRole("button", { name: "Send test" }).click();
    await expect(page.getByText("The test delivery was sent.")).toBeVisible();
    await expect.poll(() => deliveries.some((delivery) => JSON.parse(delivery.body).type === "webhook.ping")).toBe(true);

    // A real change: the background dispatcher delivers it within seconds.
    const read = await page.request.get(`/api/v1/projects/${project.id}`, { headers });
    const patched = await page.request.patch(`/api/v1/projects/${project.id}`, {
      headers: { ...headers, "If-Match": read.headers().etag },
      data: { game: "Webhook Wars" },
    });
    expect(patched.status()).toBe(200);
    await expect
      .poll(() => deliveries.filter((delivery) => JSON.parse(delivery.body).type === "project.updated").length, { timeout: 20_000 })
      .toBe(1);
    const [update] = deliveries.filter((delivery) => JSON.parse(delivery.body).type === "project.updated");
    const verified = new Webhook(secret).verify(update.body, update.headers) as { data: { projectId: string; data: { changes: object } } };
    expect(verified.data.projectId).toBe(project.id);
    expect(verified.data.data.changes).toEqual({ game: { before: "", after: "Webhook Wars" } });

    // The deliveries table shows it; sending it again keeps its webhook-id.
    await page.reload();
    const row = page.getByTestId("delivery").filter({ hasText: "project.updated" });
    await expect(row).toContainText("Delivered");
    await expect(row).toContainText("200");
    await row.getByRole("button", { name: /Send project.updated/ }).click();
    await expect(page.getByText("The delivery is queued again")).toBeVisible();
    await expect
      .poll(() => deliveries.filter((delivery) => JSON.parse(delivery.body).type === "project.updated").length, { timeout: 20_000 })
      .toBe(2);
    const ids = deliveries
      .filter((delivery) => JSON.parse(delivery.body).type === "project.updated")
      .map((delivery) => delivery.headers["webhook-id"]);
    expect(ids[1]).toBe(ids[0]);
    await page.reload();
    await expect(page.getByTestId("delivery").filter({ hasText: "Attempt 2" })).toContainText("Delivered");
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
