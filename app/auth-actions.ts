"use server";

import { AuthError } from "next-auth";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { done } from "@/lib/portal/answers";
import { passwordResetConfirmSchema, passwordResetRequestSchema } from "@/lib/account/schemas";
import { confirmPasswordReset, requestPasswordReset } from "@/lib/account/passwords";
import {
  CHALLENGE_COOKIE,
  CHALLENGE_COOKIE_OPTIONS,
  CHALLENGE_KEY_PREFIX,
  DEVICE_COOKIE,
  DEVICE_COOKIE_OPTIONS,
  DEVICE_KEY_PREFIX,
  isChallengeKey,
  isDeviceKey,
} from "@/lib/auth/config";
import { signIn, signOut } from "@/lib/portal/next-auth";
import { safeRedirectTarget } from "@/lib/auth/redirect-target";
import { newSecret } from "@/lib/auth/secrets";
import { signInCodeFormSchema, signInFormSchema } from "@/lib/auth/schemas";
import { BadRequest, Unauthorized } from "@/lib/errors";
import { publicAction } from "@/lib/portal/action";
import { portalBrowserLocale } from "@/lib/portal/locale";
import { LOCALE_COOKIE, LOCALES } from "@/lib/i18n/locales";
import { registerSchema, verificationResendSchema } from "@/lib/users/schemas";
import { getOwnAccount, registerUser, updateOwnAccount } from "@/lib/users/service";
import { resendVerification } from "@/lib/users/verification";

/** Only our own origin (open redirect): `next` is resolved as a browser would and must stay here. */
async function safeNext(next: string | undefined): Promise<string> {
  const host = (await headers()).get("host") ?? "localhost";
  return safeRedirectTarget(next, process.env.PUBLIC_URL ?? `http://${host}`);
}

/** What the sign-in form does next: ask for the second factor, or go where the sign-in leads. */
export type SignInStep = { step: "code" } | { step: "signed-in"; next: string };

async function browserDeviceKey(): Promise<string> {
  const existing = (await cookies()).get(DEVICE_COOKIE)?.value;
  return existing && isDeviceKey(existing) ? existing : newSecret(DEVICE_KEY_PREFIX);
}

/**
 * The device cookie (OWASP "device cookies", lib/auth/sign-in.ts): the browser's existing key,
 * or a new one, is offered with the sign-in and set (or refreshed) only when the sign-in
 * succeeded, so a failed attempt never makes a browser a trusted device. With two-factor
 * sign-in on, the right password leaves a challenge (its key in a 5-minute cookie) instead of a
 * session, and the code step finishes it. The sign-in's rate limits are counted by the
 * credentials check itself (lib/auth/sign-in.ts), the sign-up's by registerUser: the same
 * counters the API uses.
 */
async function startSession(
  credentials: { login: string; password: string } | { challenge: string; otp: string },
): Promise<"signed-in" | "code"> {
  const jar = await cookies();
  const deviceKey = await browserDeviceKey();
  const challengeKey = newSecret(CHALLENGE_KEY_PREFIX);
  try {
    await signIn("credentials", { ...credentials, deviceKey, challengeKey, redirect: false });
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    const code = "code" in error ? error.code : undefined;
    if (code === "otp_required" && "login" in credentials) {
      jar.set(CHALLENGE_COOKIE, challengeKey, CHALLENGE_COOKIE_OPTIONS);
      return "code";
    }
    if (code === "rate_limited") throw new BadRequest("Too many sign-in attempts. Wait a few minutes and try again.");
    throw new Unauthorized(
      "login" in credentials
        ? "The e-mail, username or password is wrong."
        : "The code is wrong, used already or expired. Try the current code, or sign in again.",
    );
  }
  jar.delete(CHALLENGE_COOKIE);
  jar.set(DEVICE_COOKIE, deviceKey, DEVICE_COOKIE_OPTIONS);
  return "signed-in";
}

const signInResult = async (outcome: "signed-in" | "code", next: string | undefined): Promise<{ message: string; data: SignInStep }> => {
  const t = await getTranslations("auth.signIn");
  return outcome === "code"
    ? { message: t("codePrompt"), data: { step: "code" } }
    : { message: t("signedIn"), data: { step: "signed-in", next: await safeNext(next) } };
};

const goOn = (_: unknown, data: SignInStep | undefined) => (data?.step === "signed-in" ? data.next : undefined);

export const signInAction = publicAction({
  args: z.tuple([signInFormSchema, z.string().optional()]),
  run: async ([{ login, password }, next]) => signInResult(await startSession({ login, password }), next),
  redirect: goOn,
});

/** The second sign-in step: a code of the authenticator app or a recovery code. */
export const signInWithCodeAction = publicAction({
  args: z.tuple([signInCodeFormSchema, z.string().optional()]),
  run: async ([{ code }, next]) => {
    const challenge = (await cookies()).get(CHALLENGE_COOKIE)?.value;
    if (!challenge || !isChallengeKey(challenge)) throw new Unauthorized("This sign-in took too long. Reload the page and sign in again.");
    return signInResult(await startSession({ challenge, otp: code }), next);
  },
  redirect: goOn,
});

/** "Forgot password": the same answer whether or not the address has an account. */
export const requestPasswordResetAction = publicAction({
  args: z.tuple([passwordResetRequestSchema]),
  run: async ([{ email }], { meta }) => {
    await requestPasswordReset(email, meta);
    // The API's answer (PASSWORD_RESET_ACCEPTED), in the reader's language.
    return (await getTranslations("auth.forgot"))("accepted");
  },
});

export const resendVerificationLinkAction = publicAction({
  args: z.tuple([verificationResendSchema]),
  run: ([{ email }], { meta }) => done(resendVerification({ email }, meta), "auth.verify.resent"),
});

export const confirmPasswordResetAction = publicAction({
  args: z.tuple([passwordResetConfirmSchema]),
  run: ([input], { meta }) => done(confirmPasswordReset(input, meta), "auth.reset.done"),
  redirect: () => "/sign-in?reset=1",
});

/** Sign-up, then back to the page the visitor signed up from (`next`, as sign-in checks it), else the new account. */
export const signUpAction = publicAction({
  args: z.tuple([registerSchema, z.string().optional()]),
  run: async ([input, next], { meta }) => {
    // In the language the sign-up page was read in (the visitor's choice, else their browser's);
    // where neither is one of ours, the account follows the browser.
    await registerUser(input, meta, await portalBrowserLocale());
    await startSession({ login: input.username, password: input.password });
    return {
      message: (await getTranslations("auth.signUp"))("welcome"),
      data: { next: next ? await safeNext(next) : "/account?welcome=1" },
    };
  },
  redirect: (_, data) => data?.next,
});

export async function signOutAction(): Promise<void> {
  await signOut({ redirect: false });
  redirect("/");
}

/**
 * The language switch of the footer: a signed-in user's language setting (so mails follow too),
 * a visitor's cookie (a year) otherwise. The page re-renders in the new language.
 */
export const setLocaleAction = publicAction({
  args: z.tuple([z.enum(LOCALES)]),
  run: async ([locale], { actor, meta }) => {
    if (actor) {
      const { user } = await getOwnAccount(actor);
      await updateOwnAccount(actor, { language: locale }, user.version, meta);
    } else {
      (await cookies()).set(LOCALE_COOKIE, locale, { maxAge: 365 * 24 * 3600, sameSite: "lax", httpOnly: true, path: "/" });
    }
    return (await getTranslations({ locale, namespace: "common" }))("languageSaved");
  },
  revalidate: [["/", "layout"]],
});
