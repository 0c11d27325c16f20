import { createHash, randomBytes } from "node:crypto";

/** A random secret with a readable prefix, e.g. `pmt_` + 43 base64url characters (256 bits). */
export function newSecret(prefix: string): string {
  return prefix + randomBytes(32).toString("base64url");
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}
