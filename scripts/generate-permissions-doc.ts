import { writeFile } from "node:fs/promises";
import path from "node:path";
import { renderPermissionsDoc } from "../lib/permissions/document";

const target = path.join(import.meta.dirname, "../docs/permissions.md");
await writeFile(target, renderPermissionsDoc());
console.log(`Wrote ${path.relative(process.cwd(), target)}`);
