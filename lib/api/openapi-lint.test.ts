import { execFile } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./openapi";

const run = promisify(execFile);
const BIN = path.join(import.meta.dirname, "../../node_modules/.bin");
let dir: string;
let file: string;

/** What client generators consume: the document lints clean in Spectral and Redocly, warnings included. */
describe("the OpenAPI document in the linters", () => {
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "pums-openapi-"));
    file = path.join(dir, "openapi.json");
    await writeFile(file, JSON.stringify(buildOpenApiDocument(), null, 2));
    await writeFile(path.join(dir, ".spectral.yaml"), 'extends: ["spectral:oas"]\n');
    // The one exception: /api/ping is served without the route wrapper and answers nothing but 200
    // (lib/system/operations.ts), so it has no 4xx answer to declare.
    await writeFile(
      path.join(dir, ".redocly.lint-ignore.yaml"),
      "openapi.json:\n  operation-4xx-response:\n    - '#/paths/~1api~1ping/get/responses'\n",
    );
  });

  it("has no Spectral (spectral:oas) finding of any severity", { timeout: 120_000 }, async () => {
    const report = path.join(dir, "spectral.json");
    await run(
      path.join(BIN, "spectral"),
      ["lint", file, "--ruleset", path.join(dir, ".spectral.yaml"), "--format", "json", "--output", report, "--fail-severity", "hint"],
      { cwd: dir },
    ).catch(() => undefined);
    const findings = JSON.parse(await readFile(report, "utf8")) as { code: string; message: string; path: string[] }[];
    expect(findings.map((finding) => `${finding.code}: ${finding.message} (${finding.path.join(".")})`)).toEqual([]);
  });

  it("has no Redocly (recommended) error or warning", { timeout: 120_000 }, async () => {
    const { stdout } = await run(path.join(BIN, "redocly"), ["lint", file, "--format", "json"], {
      cwd: dir,
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    }).catch((error) => error);
    const report = JSON.parse(stdout.slice(stdout.indexOf("{"))) as { problems: { ruleId: string; message: string }[] };
    expect(report.problems.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
  });

  it("names every operation in camelCase verb-noun and describes it", () => {
    const operations = Object.values(buildOpenApiDocument().paths).flatMap(
      (methods) => Object.values(methods) as { operationId: string; summary: string; description: string }[],
    );
    for (const operation of operations) {
      expect(operation.operationId).toMatch(
        /^(list|get|create|update|replace|patch|delete|add|change|remove|transfer|restore|upload|register|verify|claim|release|decide|mark|revoke|ping|apply|withdraw|reopen|leave|reset|confirm|enable|disable|setup|end|rename|publish|download|read|set|request|send|redeliver|rotate|follow|unfollow|accept|decline)[A-Z]?[A-Za-z]*$/,
      );
      expect(operation.summary.length).toBeGreaterThan(3);
      expect(operation.description.length).toBeGreaterThan(operation.summary.length);
    }
  });
});
