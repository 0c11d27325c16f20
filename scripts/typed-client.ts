// Writes lib/testing/typed-client/api.d.ts: the types openapi-typescript generates from our
// OpenAPI document, which lib/testing/typed-client/workflow.ts (a partner's workflow written as an
// outside client would) is checked against. `npm run typecheck` runs it first, and so does
// lib/api/typed-client.test.ts.
import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { buildOpenApiDocument } from "../lib/api/openapi";

const ROOT = path.join(import.meta.dirname, "..");
export const TYPED_CLIENT_DIR = path.join(ROOT, "lib/testing/typed-client");

export async function generateTypedClient(): Promise<void> {
  const document = path.join(os.tmpdir(), `pums-openapi-${process.pid}.json`);
  await writeFile(document, JSON.stringify(buildOpenApiDocument()));
  await promisify(execFile)(path.join(ROOT, "node_modules/.bin/openapi-typescript"), [
    document,
    "-o",
    path.join(TYPED_CLIENT_DIR, "api.d.ts"),
  ]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await generateTypedClient();
