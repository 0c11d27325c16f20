import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** A random secret with a readable prefix, e.g. `pmt_` + 43 base64url characters (256 bits). */
export function newSecret(prefix: string): string {
  return prefix + randomBytes(32).toString("base64url");
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
