import { mkdtempSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "../db/client";
import { unique } from "../testing/factories";
import { createInitialProjectLead } from "./bootstrap";

describe("the first Project lead", () => {
  afterEach(() => {
    delete process.env.ADMIN_EMAIL;
    delete process.env.ADMIN_USERNAME;
  });

  it("gets a generated password that is written to an owner-only file and never printed", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "pums-bootstrap-"));
    const username = unique("admin");
    process.env.ADMIN_EMAIL = `${username}@example.test`;
    process.env.ADMIN_USERNAME = username;
    const message = await createInitialProjectLead(dataDir);
    const file = path.join(dataDir, "initial-admin-password");
    const password = readFileSync(file, "utf8").trim();
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(message).not.toContain(password);
    expect(message).toContain(file);
    // Not a Project lead that other tests would meet.
    await db.user.update({ where: { usernameKey: username }, data: { platformRoles: ["USER"] } });
  });
});
