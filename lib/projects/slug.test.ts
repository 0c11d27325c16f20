import { expect, it } from "vitest";
import { slugify, withSuffix } from "./slug";

it.each([
  ["Skyforge: Survival!", "skyforge-survival"],
  ["Über Café", "uber-cafe"],
  ["   ", "project"],
  ["New", "new-project"],
  ["a".repeat(80), "a".repeat(48)],
])("turns %j into %j", (name, slug) => {
  expect(slugify(name)).toBe(slug);
});

it("adds a short random suffix for taken slugs", () => {
  expect(withSuffix("skyforge")).toMatch(/^skyforge-[0-9a-f]{6}$/);
});
