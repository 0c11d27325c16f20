import { expect, type Page } from "@playwright/test";

/**
 * On a project's Team tab: searches as one types, picks Ulla from the suggestions with the
 * keyboard, invites her as `role` and waits for the confirmation.
 */
export async function inviteUlla(owner: Page, role: string) {
  const form = owner.getByRole("form", { name: "Invite to the team" });
  const username = form.getByRole("combobox", { name: "Username" });
  await username.pressSequentially("ull", { delay: 50 });
  await expect(owner.getByRole("option", { name: /Ulla \(User\)/ })).toBeVisible();
  await username.press("ArrowDown");
  await username.press("Enter");
  await expect(username).toHaveValue("ulla.user");
  await form.getByLabel("Role").selectOption({ label: role });
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(form.getByText("ulla.user is invited. They join the team once they accept.")).toBeVisible();
}
