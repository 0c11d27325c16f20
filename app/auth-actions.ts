"use server";

import { AuthError } from "next-auth";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { PASSWORD_RESET_ACCEPTED, passwordResetConfirmSchema, passwordResetRequestSchema } from "@/lib/account/schemas";
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
import { signIn, signOut } from "@/lib/auth/next-auth";
import { portalRequestMeta } from "@/lib/auth/portal";
import { safeRedirectTarget } from "@/lib/auth/redirect-target";
import { newSecret } from "@/lib/auth/secrets";
import { signInCodeFormSchema, signInFormSchema } from "@/lib/auth/schemas";
import { formFailure, type FormResult } from "@/lib/portal/form-result";
import { registerSchema } from "@/lib/users/schemas";
import { registerUser } from "@/lib/users/service";

/** Only our own origin (open redirect): `next` is resolved as a browser would and must stay here. */
async function safeNext(next: string | undefined): Promise<string> {
  const host = (await headers()).get("host") ?? "localhost";
  return safeRedirectTarget(next, process.env.PUBLIC_URL ?? `http://${host}`);
}

/** What the sign-in form does next: nothing (it redirected), or ask for the second factor. */
export type SignInStep = { step: "code" };

async function browserDeviceKey(): Promise<string> {
  const existing = (await cookies()).get(DEVICE_COOKIE)?.value;
  return existing && isDeviceKey(existing) ? existing : newSecret(DEVICE_KEY_PREFIX);
}

/**
 * The device cookie (OWASP "device cookies", lib/auth/sign-in.ts): the browser's existing key,
 * or a new one, is offered with the sign-in and set (or refreshed) only when the sign-in
 * succeeded, so a failed attempt never makes a browser a trusted device. With two-factor
 * sign-in on, the right password leaves a challenge (its key in a 5-minute cookie) instead of a
 * session, and the code step finishes it.
 */
async function startSession(credentials: { login: string; password: string } | { challenge: string; otp: string }): Promise<FormResult<SignInStep> | null> {
  const jar = await cookies();
  const deviceKey = await browserDeviceKey();
  const challengeKey = newSecret(CHALLENGE_KEY_PREFIX);
  try {
    await signIn("credentials", { ...credentials, deviceKey, challengeKey, redirect: false });
  } catch (error) {
    if (error instanceof AuthError) {
      const code = "code" in error ? error.code : undefined;
      if (code === "otp_required" && "login" in credentials) {
        jar.set(CHALLENGE_COOKIE, challengeKey, CHALLENGE_COOKIE_OPTIONS);
        return { ok: true, message: "Your password is right. Now enter the code from your authenticator app.", data: { step: "code" } };
      }
      if (code === "rate_limited") return { ok: false, message: "Too many sign-in attempts. Wait a few minutes and try again." };
      return {
        ok: false,
        message: "login" in credentials ? "The e-mail, username or password is wrong." : "The code is wrong, used already or expired. Try the current code, or sign in again.",
      };
    }
    throw error;
  }
  jar.delete(CHALLENGE_COOKIE);
  jar.set(DEVICE_COOKIE, deviceKey, DEVICE_COOKIE_OPTIONS);
  return null;
}

export async function signInAction(input: unknown, next?: string): Promise<FormResult<SignInStep>> {
  const parsed = signInFormSchema.safeParse(input);
  if (!parsed.success) return formFailure(parsed.error);
  const result = await startSession({ login: parsed.data.login, password: parsed.data.password });
  if (result) return result;
  redirect(await safeNext(next));
}

/** The second sign-in step: a code of the authenticator app or a recovery code. */
export async function signInWithCodeAction(input: unknown, next?: string): Promise<FormResult<SignInStep>> {
  const parsed = signInCodeFormSchema.safeParse(input);
  if (!parsed.success) return formFailure(parsed.error);
  const challenge = (await cookies()).get(CHALLENGE_COOKIE)?.value;
  if (!challenge || !isChallengeKey(challenge)) return { ok: false, message: "This sign-in took too long. Reload the page and sign in again." };
  const result = await startSession({ challenge, otp: parsed.data.code });
  if (result) return result;
  redirect(await safeNext(next));
}

/** "Forgot password": the same answer whether or not the address has an account. */
export async function requestPasswordResetAction(input: unknown): Promise<FormResult> {
  const parsed = passwordResetRequestSchema.safeParse(input);
  if (!parsed.success) return formFailure(parsed.error);
  try {
    await requestPasswordReset(parsed.data.email, await portalRequestMeta());
  } catch (error) {
    return formFailure(error);
  }
  return { ok: true, message: PASSWORD_RESET_ACCEPTED.message };
}

export async function confirmPasswordResetAction(input: unknown): Promise<FormResult> {
  const parsed = passwordResetConfirmSchema.safeParse(input);
  if (!parsed.success) return formFailure(parsed.error);
  try {
    await confirmPasswordReset(parsed.data, await portalRequestMeta());
  } catch (error) {
    return formFailure(error);
  }
  redirect("/sign-in?reset=1");
}

export async function signUpAction(input: unknown): Promise<FormResult> {
  const parsed = registerSchema.safeParse(input);
  if (!parsed.success) return formFailure(parsed.error);
  try {
    await registerUser(parsed.data, await portalRequestMeta());
  } catch (error) {
    return formFailure(error);
  }
  const failure = await startSession({ login: parsed.data.username, password: parsed.data.password });
  if (failure) return { ok: false, message: failure.message };
  redirect("/account?welcome=1");
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirect: false });
  redirect("/");
}
