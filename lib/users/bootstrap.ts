import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { hashPassword } from "../auth/passwords";
import { recordAudit, SYSTEM } from "../audit-log/record";
import { db } from "../db/client";

/**
 * Creates the first Project lead when the database has none: from ADMIN_EMAIL/ADMIN_PASSWORD,
 * or with a generated password written to data/initial-admin-password (0600). Returns the line
 * to log, or null when a Project lead exists.
 */
export async function ensureInitialProjectLead(dataDir: string): Promise<string | null> {
  const existing = await db.user.count({ where: { platformRoles: { has: "PROJECT_LEAD" } } });
  return existing > 0 ? null : createInitialProjectLead(dataDir);
}

/** The password itself is never part of the message: logs are kept and shipped, the file is the owner's. */
export async function createInitialProjectLead(dataDir: string): Promise<string> {
  const email = (process.env.ADMIN_EMAIL ?? "admin@localhost").toLowerCase();
  const username = process.env.ADMIN_USERNAME ?? "admin";
  const generated = !process.env.ADMIN_PASSWORD;
  const password = process.env.ADMIN_PASSWORD ?? randomBytes(18).toString("base64url");
  const passwordHash = await hashPassword(password);
  await db.$transaction(async (tx) => {
    const user = await tx.user.create({
      data: {
        username,
        usernameKey: username.toLowerCase(),
        email,
        emailVerifiedAt: new Date(),
        displayName: "Platform admin",
        passwordHash,
        platformRoles: ["USER", "PROJECT_LEAD"],
      },
    });
    await recordAudit(tx, SYSTEM, { action: "user.bootstrap_project_lead", targetType: "user", targetId: user.id });
  });
  if (!generated) return `Created the first Project lead ${email} (password from ADMIN_PASSWORD).`;
  const file = path.join(dataDir, "initial-admin-password");
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return `Created the first Project lead: sign in as ${email} (or "${username}") with the password in ${file} (readable by this user only); change it after signing in.`;
}
