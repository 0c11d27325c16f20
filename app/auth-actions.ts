"use server";

import { AuthError } from "next-auth";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { DEVICE_COOKIE, DEVICE_COOKIE_OPTIONS, DEVICE_KEY_PREFIX, isDeviceKey } from "@/lib/auth/config";
import { signIn, signOut } from "@/lib/auth/next-auth";
import { portalRequestMeta } from "@/lib/auth/portal";
import { safeRedirectTarget } from "@/lib/auth/redirect-target";
import { newSecret } from "@/lib/auth/secrets";
import { signInFormSchema } from "@/lib/auth/schemas";
import { formFailure, type FormResult } from "@/lib/portal/form-result";
import { registerSchema } from "@/lib/users/schemas";
import { registerUser } from "@/lib/users/service";

/** Only our own origin (open redirect): `next` is resolved as a browser would and must stay here. */
async function safeNext(next: string | undefined): Promise<string> {
  const host = (await headers()).get("host") ?? "localhost";
  return safeRedirectTarget(next, process.env.PUBLIC_URL ?? `http://${host}`);
}

/**
 * The device cookie (OWASP "device cookies", lib/auth/sign-in.ts): the browser's existing key,
 * or a new one, is offered with the sign-in and set (or refreshed) only when the sign-in
 * succeeded, so a failed attempt never makes a browser a trusted device.
 */
async function startSession(login: string, password: string): Promise<FormResult | null> {
  const jar = await cookies();
  const existing = jar.get(DEVICE_COOKIE)?.value;
  const deviceKey = existing && isDeviceKey(existing) ? existing : newSecret(DEVICE_KEY_PREFIX);
  try {
    await signIn("credentials", { login, password, deviceKey, redirect: false });
  } catch (error) {
    if (error instanceof AuthError) {
      const limited = "code" in error && error.code === "rate_limited";
      return {
        ok: false,
        message: limited ? "Too many sign-in attempts. Wait a few minutes and try again." : "The e-mail, username or password is wrong.",
      };
    }
    throw error;
  }
  jar.set(DEVICE_COOKIE, deviceKey, DEVICE_COOKIE_OPTIONS);
  return null;
}

export async function signInAction(input: unknown, next?: string): Promise<FormResult> {
  const parsed = signInFormSchema.safeParse(input);
  if (!parsed.success) return formFailure(parsed.error);
  const failure = await startSession(parsed.data.login, parsed.data.password);
  if (failure) return failure;
  redirect(await safeNext(next));
}

export async function signUpAction(input: unknown): Promise<FormResult> {
  const parsed = registerSchema.safeParse(input);
  if (!parsed.success) return formFailure(parsed.error);
  try {
    await registerUser(parsed.data, await portalRequestMeta());
  } catch (error) {
    return formFailure(error);
  }
  const failure = await startSession(parsed.data.username, parsed.data.password);
  if (failure) return failure;
  redirect("/account?welcome=1");
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirect: false });
  redirect("/");
}
