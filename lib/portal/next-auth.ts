import NextAuth, { CredentialsSignin, type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { mailNewDevice } from "../account/new-device";
import { authLogger } from "../auth/auth-logger";
import { isChallengeKey, isDeviceKey, SECURE_COOKIES, SESSION_COOKIE } from "../auth/config";
import { credentialsSchema } from "../auth/schemas";
import { createSession, revokeSession, SESSION_ABSOLUTE_SECONDS } from "../auth/sessions";
import { completeTwoFactorSignIn, OtpRequired, SignInFailed, verifyCredentials } from "../auth/sign-in";
import { db } from "../db/client";
import { TooManyRequests } from "../errors";
import { clientIp } from "../request/client-ip";
import { authSecrets } from "../secrets/server-secret";
import { randomUUID } from "node:crypto";

class RateLimitedSignIn extends CredentialsSignin {
  code = "rate_limited";
}

class OtpRequiredSignIn extends CredentialsSignin {
  code = "otp_required";
}

function keyOf(value: unknown, valid: (value: string) => boolean): string | null {
  return typeof value === "string" && valid(value) ? value : null;
}

/**
 * next-auth runs the portal's sign-in and sign-out. Its JWT holds only our session id (`sid`);
 * every request checks the UserSession row (lib/auth/resolve.ts), so revocation is immediate.
 * It sits above the domains because a browser it remembers as a new device gets the account's
 * "new sign-in" mail (lib/account/new-device.ts), queued in the transaction of the device row.
 */
export const authConfig: NextAuthConfig = {
  // Signs with AUTH_SECRET; also reads cookies signed with AUTH_SECRET_PREVIOUS (rotation, docs/security.md).
  secret: process.env.AUTH_SECRET ? authSecrets() : undefined,
  trustHost: true,
  logger: authLogger,
  session: { strategy: "jwt", maxAge: SESSION_ABSOLUTE_SECONDS },
  cookies: {
    sessionToken: { name: SESSION_COOKIE, options: { httpOnly: true, sameSite: "lax", path: "/", secure: SECURE_COOKIES } },
  },
  pages: { signIn: "/sign-in", error: "/sign-in" },
  providers: [
    Credentials({
      // Either login + password (with a challengeKey for a second step), or the second step: challenge + otp.
      credentials: { login: {}, password: {}, deviceKey: {}, challengeKey: {}, challenge: {}, otp: {} },
      async authorize(raw, request) {
        const meta = { ip: clientIp(request.headers), userAgent: request.headers.get("user-agent"), requestId: randomUUID() };
        const deviceKey = keyOf(raw.deviceKey, isDeviceKey);
        const challenge = keyOf(raw.challenge, isChallengeKey);
        const parsed = credentialsSchema.safeParse({ login: raw.login, password: raw.password });
        if (!challenge && !parsed.success) return null;
        try {
          const user = challenge
            ? await completeTwoFactorSignIn(challenge, typeof raw.otp === "string" ? raw.otp : "", meta, deviceKey, mailNewDevice)
            : await verifyCredentials(parsed.data!, meta, "PASSWORD", deviceKey, keyOf(raw.challengeKey, isChallengeKey), mailNewDevice);
          const session = await db.$transaction((tx) => createSession(tx, user, meta, user.deviceId));
          return { id: user.id, name: user.displayName, sessionId: session.id };
        } catch (error) {
          if (error instanceof TooManyRequests) throw new RateLimitedSignIn();
          if (error instanceof OtpRequired) throw new OtpRequiredSignIn();
          if (error instanceof SignInFailed) return null;
          throw error;
        }
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user && "sessionId" in user) token.sid = user.sessionId;
      return token;
    },
  },
  events: {
    async signOut(message) {
      const sid = "token" in message ? message.token?.sid : undefined;
      if (typeof sid === "string") await revokeSession(sid, "signed_out");
    },
  },
};

export const { handlers, signIn, signOut } = NextAuth(authConfig);
