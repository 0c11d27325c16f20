import { z } from "zod";
import { passwordSchema, PASSWORD_MAX } from "../auth/password-policy";
import { secondFactorCodeSchema } from "../auth/schemas";
import { emailSchema } from "../users/schemas";

/** Account security schemas, shared by the portal's forms, its actions, the API and the OpenAPI document. */

const currentPassword = z.string().min(1, "Enter your current password.").max(PASSWORD_MAX);

export const changePasswordSchema = z.strictObject({ currentPassword, newPassword: passwordSchema });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const passwordResetRequestSchema = z.strictObject({ email: emailSchema });

export const passwordResetConfirmSchema = z.strictObject({
  token: z.string().min(1).max(200),
  newPassword: passwordSchema,
});
export type PasswordResetConfirmInput = z.infer<typeof passwordResetConfirmSchema>;

/** The one answer to every password reset request (no enumeration). */
export const PASSWORD_RESET_ACCEPTED = {
  message: "If an account uses this address, a link to reset its password is on its way. It works once, for 30 minutes.",
};

export const reauthenticateSchema = z.strictObject({ password: currentPassword });

export const sessionSchema = z.object({
  id: z.string(),
  deviceId: z.string().nullable(),
  device: z.string().meta({ description: "The device's name, or what the user agent says" }),
  browser: z.string(),
  os: z.string(),
  ip: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  current: z.boolean(),
});

export const deviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  browser: z.string(),
  os: z.string(),
  firstSeenAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  current: z.boolean(),
});

export const renameDeviceSchema = z.strictObject({
  name: z.string().trim().min(1, "Name the device.").max(80, "Use at most 80 characters."),
});

/** How a sign-in attempt ended; the password step of a sign-in with two-factor is not a failure. */
export const LOGIN_OUTCOMES = ["SIGNED_IN", "SECOND_FACTOR_REQUESTED", "FAILED"] as const;
export type LoginOutcome = (typeof LOGIN_OUTCOMES)[number];

export const loginEventSchema = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  success: z.boolean().meta({ description: "Whether the attempt signed in (false for a password step that asked for the second factor)" }),
  outcome: z.enum(LOGIN_OUTCOMES).meta({
    description: "SIGNED_IN; SECOND_FACTOR_REQUESTED: the password was right and the code was asked for (not a failure); FAILED",
  }),
  method: z.enum(["PASSWORD", "PASSWORD_TOTP", "RECOVERY_CODE", "TOKEN"]),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  reason: z.string().nullable().meta({
    description:
      "Why an attempt did not sign in (wrong_password, wrong_otp, otp_required, locked, suspended, wrong_password_locked, wrong_otp_locked, unknown_login): for the user themselves and staff with users.readAny",
  }),
});

export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const enableTwoFactorSchema = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code of your app."),
});
export const confirmTwoFactorSchema = z.strictObject({ password: currentPassword, code: secondFactorCodeSchema() });
export type ConfirmTwoFactorInput = z.infer<typeof confirmTwoFactorSchema>;
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()).length(10) });
