import { hash, verify } from "@node-rs/argon2";

// Argon2id (algorithm 2) with OWASP's recommended minimum: 19 MiB, 2 iterations, 1 lane.
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Verifies against a throw-away hash so an unknown login costs as long as a wrong password. */
export async function burnVerificationTime(password: string): Promise<void> {
  dummyHash ??= hashPassword("timing-equaliser-not-a-password");
  await verifyPassword(await dummyHash, password);
}
