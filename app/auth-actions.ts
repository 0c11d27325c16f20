"use server";

import { AuthError } from "next-auth";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { DEVICE_COOKIE, DEVICE_COOKIE_OPTIONS, DEVICE_KEY_PREFIX, isDeviceKey } from "@/lib/auth/config";
import { signIn, signOut } from "@/lib/auth/next-auth";
import { safeRedirectTarget } from "@/lib/auth/redirect-target";
import { newSecret } from "@/lib/auth/secrets";
import { signInFormSchema } from "@/lib/auth/schemas";
import { BadRequest, Unauthorized } from "@/lib/errors";
import { publicAction } from "@/lib/portal/action";
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
 * succeeded, so a failed attempt never makes a browser a trusted device. The sign-in's rate
 * limits are counted by the credentials check itself (lib/auth/sign-in.ts), the sign-up's by
 * registerUser: the same counters the API uses.
 */
async function startSession(login: string, password: string): Promise<void> {
  const jar = await cookies();
  const existing = jar.get(DEVICE_COOKIE)?.value;
  const deviceKey = existing && isDeviceKey(existing) ? existing : newSecret(DEVICE_KEY_PREFIX);
  try {
    await signIn("credentials", { login, password, deviceKey, redirect: false });
  } catch (error) {
    if (error instanceof AuthError) {
      if ("code" in error && error.code === "rate_limited") throw new BadRequest("Too many sign-in attempts. Wait a few minutes and try again.");
      throw new Unauthorized("The e-mail, username or password is wrong.");
    }
    throw error;
  }
  jar.set(DEVICE_COOKIE, deviceKey, DEVICE_COOKIE_OPTIONS);
}

export const signInAction = publicAction({
  args: z.tuple([signInFormSchema, z.string().optional()]),
  run: async ([{ login, password }, next]) => {
    await startSession(login, password);
    return { message: "Signed in.", data: { next: await safeNext(next) } };
  },
  redirect: (_, data) => data!.next,
});

export const signUpAction = publicAction({
  args: z.tuple([registerSchema]),
  run: async ([input], { meta }) => {
    await registerUser(input, meta);
    await startSession(input.username, input.password);
    return "Welcome.";
  },
  redirect: () => "/account?welcome=1",
});

export async function signOutAction(): Promise<void> {
  await signOut({ redirect: false });
  redirect("/");
}
