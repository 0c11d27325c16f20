import { z } from "zod";
import { TOKEN_SCOPES, type TokenScope } from "./actor";
import { PASSWORD_MAX } from "./password-policy";

/** Sign-in and token schemas, shared by the portal's forms (browser) and the server. */

/** A TOTP code (6 digits) or a recovery code (`xxxx-xxxx-xxxx-xxxx`, or `xxxxx-xxxxx` as made before issue 23). */
export function secondFactorCodeSchema() {
  return z
    .string()
    .trim()
    .regex(
      /^(\d{6}|[A-Za-z0-9]{4}(-?[A-Za-z0-9]{4}){3}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/,
      "Enter the 6-digit code of your app or a recovery code.",
    );
}

export const credentialsSchema = z.strictObject({
  login: z.string().trim().min(1, "Enter your e-mail or username.").max(254),
  password: z.string().min(1, "Enter your password.").max(PASSWORD_MAX),
  otp: secondFactorCodeSchema().optional(),
});
export type Credentials = z.infer<typeof credentialsSchema>;

/** The portal's sign-in form. */
export const signInFormSchema = credentialsSchema.omit({ otp: true });

/** The portal's second sign-in step. */
export const signInCodeFormSchema = z.strictObject({ code: secondFactorCodeSchema() });

export const tokenScopeSchema = z.enum(Object.keys(TOKEN_SCOPES) as [TokenScope, ...TokenScope[]]);

export const createTokenSchema = z.strictObject({
  name: z.string().trim().min(1, "Name the token.").max(100).default("API token"),
  scopes: z.array(tokenScopeSchema).min(1, "Choose at least one scope.").max(3).default(["read", "write"]),
  expiresInDays: z.int("Enter a whole number of days.").min(1).max(365).default(30),
});
export type CreateTokenInput = z.infer<typeof createTokenSchema>;

/**
 * POST /users/me/tokens and the portal's token form: the caller's credential must stand on a recent
 * sign-in, or the request carries the password (`password`) and is its own re-authentication.
 */
export const createOwnTokenSchema = createTokenSchema.extend({
  password: z
    .string()
    .min(1, "Enter your password.")
    .max(PASSWORD_MAX)
    .meta({
      description:
        "The account's password: needed when the caller's sign-in is older than REAUTH_WINDOW_SECONDS; the new token then counts from now",
    })
    .optional(),
});
export type CreateOwnTokenInput = z.infer<typeof createOwnTokenSchema>;

export const tokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(tokenScopeSchema),
  expiresAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});

/** A token as it is made (POST /auth/token, /users/me/tokens, /auth/device/token): with its secret, shown only this once. */
export const newTokenSchema = tokenSchema.extend({ token: z.string() });
