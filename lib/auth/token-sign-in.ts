import { db } from "../db/client";
import type { RequestMeta } from "./actor";
import type { CreateTokenInput, Credentials } from "./schemas";
import { verifyCredentials } from "./sign-in";
import { issueToken } from "./tokens";

/**
 * POST /auth/token: the same checks as the portal's sign-in, then a new personal access token.
 * A client that sends a trusted device cookie is counted as that device; any other client is an
 * unknown source. The token endpoint never makes a client a device.
 */
export async function createTokenWithPassword(input: Credentials & CreateTokenInput, meta: RequestMeta, deviceKey: string | null = null) {
  const user = await verifyCredentials(input, meta, "TOKEN", deviceKey);
  return db.$transaction((tx) =>
    issueToken(tx, user.id, input, { actorId: user.id, via: "TOKEN", ip: meta.ip, requestId: meta.requestId }),
  );
}
