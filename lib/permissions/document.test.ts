import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { renderPermissionsDoc } from "./document";

it("docs/permissions.md matches the permission library (run npm run docs:permissions)", async () => {
  const committed = await readFile(path.join(import.meta.dirname, "../../docs/permissions.md"), "utf8");
  expect(committed).toBe(renderPermissionsDoc());
});
