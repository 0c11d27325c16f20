import type { Page } from "@playwright/test";
import { adminApiHeaders } from "./api";
import { expect, test } from "./fixtures";
import { signUpPage } from "./header";
import { PNG } from "./images";

/** The platform team makes a user an ACTIVE partner through the API (the console comes with the review issue). */
async function makePartner(page: Page, username: string) {
  const headers = await adminApiHeaders(page.request);
  const found = await (await page.request.get(`/api/v1/users?q=${username}`, { headers })).json();
  const user = found.data[0];
  const read = await page.request.get(`/api/v1/users/${user.id}`, { headers });
  const updated = await page.request.put(`/api/v1/users/${user.id}`, {
    headers: { ...headers, "If-Match": read.headers().etag },
    data: { platformRoles: ["USER", "PARTNER"], partnerStatus: "ACTIVE", partnerNote: "e2e" },
  });
  expect(updated.status()).toBe(200);
}

test("a partner creates a project, uploads a logo, invites a member who accepts, creates a role and toggles a module; outsiders get 404 @keyboard", async ({
  browser,
}) => {
  // Three people sign up and sign in (Argon2) and some twenty pages load: over a minute on a busy two-core machine.
  test.slow();
  const stamp = Date.now().toString(36);
  const [partnerName, memberName, outsiderName] = [`partner${stamp}`, `member${stamp}`, `outsider${stamp}`];
  const partner = await (await browser.newContext()).newPage();
  const member = await (await browser.newContext()).newPage();
  const outsider = await (await browser.newContext()).newPage();
  await signUpPage(member, memberName, "e2e partner passphrase");
  await signUpPage(outsider, outsiderName, "e2e partner passphrase");
  await signUpPage(partner, partnerName, "e2e partner passphrase");
  await makePartner(partner, partnerName);

  // Create the project.
  await partner.goto("/my-projects");
  await expect(partner.getByText("You are not on any project team yet")).toBeVisible();
  await partner.getByRole("link", { name: "Create project" }).click();
  await partner.getByLabel("Project name", { exact: true }).fill(`Skyforge ${stamp}`);
  await partner.getByLabel("Game", { exact: true }).fill("Minecraft");
  await partner.getByLabel("Category", { exact: true }).fill("Server");
  await partner.getByRole("button", { name: "Create project" }).click();
  await expect(partner.getByText("Your project is created as a draft.")).toBeVisible();
  const manageUrl = new URL(partner.url()).pathname;
  const projectUrl = manageUrl.replace(/\/manage$/, "");

  // Upload a logo.
  const logo = partner.getByRole("group", { name: "Logo" });
  await logo.getByLabel("Logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  await expect(logo.getByText("The logo is uploaded.")).toBeVisible();
  await expect(logo.locator("img")).toHaveAttribute("src", /\/images\/logo\?v=/);

  // Invite a member, who accepts on My projects.
  await partner.getByRole("link", { name: "Team" }).click();
  const invite = partner.getByRole("form", { name: "Invite to the team" });
  await invite.getByLabel("Username").fill(memberName);
  await invite.getByLabel("Role").selectOption({ label: "Tester" });
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(partner.getByText(`${memberName} is invited. They join the team once they accept.`)).toBeVisible();
  await member.goto("/my-projects");
  await member.getByRole("button", { name: `Accept the invitation to Skyforge ${stamp}` }).click();
  await expect(member.getByText(`You joined Skyforge ${stamp}.`)).toBeVisible();
  await partner.reload();
  await expect(partner.getByRole("cell", { name: new RegExp(`@${memberName}`) })).toBeVisible();

  // Create a custom role.
  await partner.getByRole("link", { name: "Roles" }).click();
  const newRole = partner.getByRole("form", { name: "New role" });
  await newRole.getByLabel("Name", { exact: true }).fill("Map builder");
  await newRole.getByLabel("Rank (1-99)").fill("25");
  // Project pages are off in this project: the editor does not offer their permission.
  await expect(newRole.getByLabel("Edit project pages")).toHaveCount(0);
  await newRole.getByLabel("Manage webhooks and see their deliveries").check();
  await newRole.getByRole("button", { name: "Create role" }).click();
  await expect(partner.getByText("The role Map builder is created.")).toBeVisible();
  // The roles table gets a row for it; the row opens to its form.
  await partner.getByRole("table", { name: "Roles of this project" }).getByRole("button", { name: "Map builder" }).click();
  await expect(partner.getByRole("form", { name: "Map builder" }).getByLabel("Manage webhooks and see their deliveries")).toBeChecked();

  // Toggle a module: the launcher tab appears with it. The launcher needs Downloads (what it installs).
  await partner.getByRole("link", { name: "Modules" }).click();
  await partner.getByLabel(/^Launcher/).check();
  await expect(partner.getByLabel(/Hosting/)).toBeDisabled();
  await partner.getByRole("button", { name: "Save modules" }).click();
  await expect(partner.getByRole("alert").filter({ hasText: "The launcher needs the Releases and downloads module" })).toBeVisible();
  await partner.getByLabel(/^Releases and downloads/).check();
  await partner.getByRole("button", { name: "Save modules" }).click();
  await expect(partner.getByText("Modules are saved.")).toBeVisible();
  await partner.reload();
  await expect(partner.getByRole("link", { name: "Launcher" })).toBeVisible();
  await expect(partner.getByLabel(/^Launcher/)).toBeChecked();

  // The launcher and settings forms save through the actions their pages hand them.
  await partner.getByRole("link", { name: "Launcher" }).click();
  await partner.getByLabel("Executable").fill("bin/skyforge.exe");
  // Launch arguments, one per line, checked by the API's schema before the form is sent.
  const launchArguments = partner.getByRole("textbox", { name: "Launch arguments" });
  await launchArguments.fill(`--windowed\n${"x".repeat(201)}`);
  await partner.getByRole("button", { name: "Save launcher integration" }).click();
  await expect(partner.getByText("Argument 2: Use at most 200 characters per argument.")).toBeVisible();
  await launchArguments.fill("--windowed\n--server=eu.skyforge.example\n");
  await partner.getByLabel("Linux", { exact: true }).fill("bin/skyforge.sh");
  await partner.getByRole("textbox", { name: "Linux arguments" }).fill("--vulkan");
  await partner.getByRole("button", { name: "Save launcher integration" }).click();
  await expect(partner.getByText("The launcher integration is saved.")).toBeVisible();
  await partner.reload();
  await expect(launchArguments).toHaveValue("--windowed\n--server=eu.skyforge.example");
  await expect(partner.getByRole("textbox", { name: "Linux arguments" })).toHaveValue("--vulkan");
  await expect(partner.getByRole("textbox", { name: "Windows arguments" })).toHaveValue("");
  await partner.getByRole("link", { name: "Settings" }).click();
  await partner.getByLabel("Contact e-mail of the team").fill(`team-${stamp}@skyforge.example`);
  await partner.getByRole("form", { name: "Settings" }).getByRole("button", { name: "Save settings" }).click();
  await expect(partner.getByText("Settings are saved.")).toBeVisible();
  // The project page names the contact e-mail.
  await partner.goto(projectUrl);
  await expect(partner.getByRole("link", { name: `team-${stamp}@skyforge.example` })).toHaveAttribute(
    "href",
    `mailto:team-${stamp}@skyforge.example`,
  );

  // The member sees the draft; an outsider gets 404, in the portal and the API.
  await member.goto(projectUrl);
  await expect(member.getByRole("heading", { name: `Skyforge ${stamp}` })).toBeVisible();
  await expect(member.getByText("You are Tester")).toBeVisible();
  await member.goto("/my-projects");
  const row = member
    .getByRole("list", { name: "My projects" })
    .getByRole("listitem")
    .filter({ hasText: `Skyforge ${stamp}` });
  await expect(row.getByRole("link", { name: `Skyforge ${stamp}`, exact: true })).toBeVisible();
  await expect(row).toContainText("Your role: Tester");
  // Its links navigate inside the app (one handler on the list: components/navigation/list-navigation.ts), without reloading the page.
  await member.evaluate(() => ((window as unknown as { stayed?: boolean }).stayed = true));
  await row.getByRole("link", { name: `Manage Skyforge ${stamp}` }).click();
  await expect(member).toHaveURL(new RegExp(`${manageUrl}$`));
  expect(await member.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  const outsiderPage = await outsider.goto(projectUrl);
  expect(outsiderPage!.status()).toBe(404);
  await expect(outsider.getByRole("heading", { name: "Page not found" })).toBeVisible();
  expect((await outsider.goto(`${projectUrl}/manage`))!.status()).toBe(404);
  await outsider.goto("/projects");
  await expect(outsider.getByText(`Skyforge ${stamp}`)).toHaveCount(0);
});
