import { expect, it } from "vitest";
import { projectSlug, slugify, withSuffix } from "./slug";

it.each([
  ["Skyforge: Survival!", "skyforge-survival"],
  ["Über Café", "uber-cafe"],
  ["Größte Bucht", "grosste-bucht"],
  ["   ", "project"],
  ["New", "new-project"],
  ["a".repeat(80), "a".repeat(48)],
])("turns the project name %j into %j", (name, slug) => {
  expect(projectSlug(name)).toBe(slug);
});

it("keeps a slug of other words empty when nothing is left, and cuts it at the given length without a trailing hyphen", () => {
  expect(slugify("!!!")).toBe("");
  expect(slugify("Patch notes: the winter update", 12)).toBe("patch-notes");
});

it("adds a short random suffix for taken slugs", () => {
  expect(withSuffix("skyforge")).toMatch(/^skyforge-[0-9a-f]{6}$/);
  expect(withSuffix("a".repeat(48))).toHaveLength(48);
});
