"use server";

import { AuthError } from "next-auth";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { DEVICE_COOKIE, SECURE_COOKIES } from "@/lib/auth/config";
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

async function deviceKey(): Promise<string> {
  const jar = await cookies();
  const existing = jar.get(DEVICE_COOKIE)?.value;
  if (existing && existing.length >= 32) return existing;
  const key = newSecret("dev_");
  jar.set(DEVICE_COOKIE, key, { httpOnly: true, sameSite: "lax", secure: SECURE_COOKIES, path: "/", maxAge: 400 * 86_400 });
  return key;
}

async function startSession(login: string, password: string): Promise<FormResult | null> {
  try {
    await signIn("credentials", { login, password, deviceKey: await deviceKey(), redirect: false });
    return null;
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
