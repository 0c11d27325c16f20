import { z } from "zod";
import { passwordSchema } from "../auth/password-policy";
import { PARTNER_STATUSES, PLATFORM_ROLES } from "../permissions";

/** The one definition of every user field: forms, server actions, route handlers and OpenAPI use these. */

export const LANGUAGES = {
  en: "English",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
  it: "Italiano",
  nl: "Nederlands",
  pl: "Polski",
  pt: "Português",
  ru: "Русский",
  tr: "Türkçe",
  ja: "日本語",
  ko: "한국어",
  zh: "中文",
} as const;
export type Language = keyof typeof LANGUAGES;

export const usernameSchema = z
  .string()
  .trim()
  .min(3, "Use at least 3 characters.")
  .max(32, "Use at most 32 characters.")
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, "Use letters, digits, '.', '_' or '-', starting with a letter or digit.");

export const displayNameSchema = z.string().trim().min(1, "Enter a display name.").max(64, "Use at most 64 characters.");

export const emailSchema = z
  .email("Enter a valid e-mail address.")
  .max(254)
  .transform((email) => email.toLowerCase());

export const httpsUrlSchema = z
  .url({ protocol: /^https$/, message: "Enter an https:// address." })
  // With a host: a bare "https://" is no address (the pattern states it in the OpenAPI document).
  .regex(/^https:\/\/[^/?#\s]+/, "Enter an https:// address.")
  .max(2048, "Use at most 2048 characters.");

export const dateOfBirthSchema = z.iso
  .date("Enter a date as YYYY-MM-DD.")
  .refine((value) => value >= "1900-01-01", "Enter a date after 1900.")
  .refine((value) => value <= new Date().toISOString().slice(0, 10), "The date cannot be in the future.");

export const languageSchema = z.enum(Object.keys(LANGUAGES) as [Language, ...Language[]], "Choose a supported language.");

/** The account's language setting: a language, or null, never chosen: the portal follows the browser (docs/i18n.md). */
export const languageSettingSchema = languageSchema.nullable().meta({
  description:
    "The account's language (portal and mails). null: never chosen; the portal follows the browser's languages, the API the request's Accept-Language, and mails are in English.",
});

export const accountSettingsSchema = z.strictObject({
  theme: z.enum(["system", "light", "dark"]).default("system"),
  emailNotifications: z.boolean().default(true),
  showDateOfBirth: z.boolean().default(false),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;
export const DEFAULT_SETTINGS: AccountSettings = accountSettingsSchema.parse({});

export const registerSchema = z.strictObject({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  displayName: displayNameSchema,
  language: languageSchema.nullable().optional().meta({
    description:
      "The account's language (portal and mails); null: follow the browser. Left out: the best match of Accept-Language among the portal's languages, else null.",
  }),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** PUT /users/me: the fields sent are changed; the e-mail address changes only with the current password. */
export const updateOwnAccountSchema = z
  .strictObject({
    username: usernameSchema,
    displayName: displayNameSchema,
    dateOfBirth: dateOfBirthSchema.nullable(),
    /** null removes the picture; the current value changes nothing (a picture comes as an upload: lib/users/avatar.ts). */
    avatarUrl: z.string().max(300).nullable(),
    language: languageSettingSchema,
    settings: accountSettingsSchema.partial(),
    email: emailSchema,
    currentPassword: z.string().max(256),
  })
  .partial()
  .refine((input) => input.email === undefined || Boolean(input.currentPassword), {
    path: ["currentPassword"],
    message: "Enter your current password to change the e-mail address.",
  });
export type UpdateOwnAccountInput = z.infer<typeof updateOwnAccountSchema>;

/** PUT /users/{id}: staff changes, each field guarded by its own permission. */
export const staffUpdateUserSchema = z
  .strictObject({
    username: usernameSchema,
    displayName: displayNameSchema,
    /** null removes the picture (moderation); the current value changes nothing. */
    avatarUrl: z.string().max(300).nullable(),
    platformRoles: z.array(z.enum(PLATFORM_ROLES)).min(1, "A user keeps at least one platform role."),
    partnerStatus: z.enum(PARTNER_STATUSES),
    partnerNote: z.string().trim().max(500),
    suspended: z.boolean(),
    suspensionReason: z.string().trim().max(500),
  })
  .partial();
export type StaffUpdateUserInput = z.infer<typeof staffUpdateUserSchema>;

/** Uploaded pictures (lib/users/avatar.ts): at most this many bytes, drawn again at AVATAR_SIZE px square. */
export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE = 256;

export const publicProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
  /** Only where the person shows it (settings.showDateOfBirth). */
  dateOfBirth: z.iso.date().optional(),
});

export const ownAccountSchema = publicProfileSchema.extend({
  email: z.string(),
  emailVerified: z.boolean(),
  /** A new address waiting for its verification link to be opened. */
  pendingEmail: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  language: languageSettingSchema,
  settings: accountSettingsSchema,
  platformRoles: z.array(z.enum(PLATFORM_ROLES)),
  partnerStatus: z.enum(PARTNER_STATUSES),
  createdAt: z.iso.datetime(),
});

/** What staff with users.readAny see. */
export const fullUserSchema = ownAccountSchema.extend({
  suspended: z.boolean(),
  suspendedAt: z.iso.datetime().nullable(),
  suspensionReason: z.string().nullable(),
  lockedUntil: z.iso.datetime().nullable(),
  twoFactorEnabled: z.boolean(),
  updatedAt: z.iso.datetime(),
});

export const userSearchQuerySchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  role: z.enum(PLATFORM_ROLES).optional(),
  partnerStatus: z.enum(PARTNER_STATUSES).optional(),
  suspended: z
    .enum(["true", "false"])
    .transform((value) => value === "true")
    .optional(),
});

/** The profile form of the portal: empty text means "none". Checked again by the server action. */
export const profileFormSchema = z.strictObject({
  username: usernameSchema,
  displayName: displayNameSchema,
  dateOfBirth: z.union([z.literal(""), dateOfBirthSchema]),
  /** "": follow the browser. */
  language: z.union([z.literal(""), languageSchema]),
  settings: accountSettingsSchema,
  version: z.int().min(1),
});
export type ProfileFormValues = z.input<typeof profileFormSchema>;

export function profileFormToUpdate(values: z.output<typeof profileFormSchema>): UpdateOwnAccountInput {
  const { version: _version, ...fields } = values;
  return { ...fields, dateOfBirth: fields.dateOfBirth || null, language: fields.language || null };
}

/** Asking for a new verification link without signing in (the expired-link page). */
export const verificationResendSchema = z.strictObject({ email: emailSchema });

export const emailChangeFormSchema = z.strictObject({
  email: emailSchema,
  currentPassword: z.string().min(1, "Enter your current password.").max(256),
  version: z.int().min(1),
});
export type EmailChangeFormValues = z.input<typeof emailChangeFormSchema>;
