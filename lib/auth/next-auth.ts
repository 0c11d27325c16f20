import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { db } from "../db/client";
import { TooManyRequests } from "../errors";
import { clientIp } from "../request/client-ip";
import { authSecret, isDeviceKey, SECURE_COOKIES, SESSION_COOKIE } from "./config";
import { createSession, revokeSession, SESSION_ABSOLUTE_SECONDS } from "./sessions";
import { credentialsSchema } from "./schemas";
import { SignInFailed, verifyCredentials } from "./sign-in";
import { randomUUID } from "node:crypto";

class RateLimitedSignIn extends CredentialsSignin {
  code = "rate_limited";
}

/**
 * next-auth runs the portal's sign-in and sign-out. Its JWT holds only our session id (`sid`);
 * every request checks the UserSession row (lib/auth/resolve.ts), so revocation is immediate.
 */
export const { handlers, signIn, signOut } = NextAuth({
  secret: process.env.AUTH_SECRET ? authSecret() : undefined,
  trustHost: true,
  session: { strategy: "jwt", maxAge: SESSION_ABSOLUTE_SECONDS },
  cookies: {
    sessionToken: { name: SESSION_COOKIE, options: { httpOnly: true, sameSite: "lax", path: "/", secure: SECURE_COOKIES } },
  },
  pages: { signIn: "/sign-in", error: "/sign-in" },
  providers: [
    Credentials({
      credentials: { login: {}, password: {}, deviceKey: {} },
      async authorize(raw, request) {
        const parsed = credentialsSchema.safeParse({ login: raw.login, password: raw.password });
        if (!parsed.success) return null;
        const meta = { ip: clientIp(request.headers), userAgent: request.headers.get("user-agent"), requestId: randomUUID() };
        try {
          const deviceKey = typeof raw.deviceKey === "string" && isDeviceKey(raw.deviceKey) ? raw.deviceKey : null;
          const user = await verifyCredentials(parsed.data, meta, "PASSWORD", deviceKey);
          const session = await db.$transaction((tx) => createSession(tx, user, meta, user.deviceId));
          return { id: user.id, name: user.displayName, sessionId: session.id };
        } catch (error) {
          if (error instanceof TooManyRequests) throw new RateLimitedSignIn();
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
});
