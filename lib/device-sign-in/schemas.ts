import { z } from "zod";
import { PASSWORD_MAX } from "../auth/password-policy";
import { tokenScopeSchema } from "../auth/schemas";
import { normalizeUserCode } from "./codes";

/** Device sign-in schemas (RFC 8628): the API, the /device page's forms and actions, and the OpenAPI document. */

/** The longest client name: the token is named "<client> (device sign-in)", at most 100 characters. */
export const CLIENT_NAME_MAX = 60;

export const startDeviceSignInSchema = z.strictObject({
  clientName: z
    .string()
    .trim()
    .min(1, "Name the client.")
    .max(CLIENT_NAME_MAX)
    // Shown to the person who approves: nothing invisible or reordering (controls, format characters, line breaks).
    .refine((name) => !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(name), "A client name cannot hold control or invisible characters.")
    .meta({
      description: "What the approval page calls the client, e.g. `Skyforge Launcher`; the token is named after it",
      example: "Skyforge Launcher",
    }),
  scopes: z.array(tokenScopeSchema).min(1).max(3).default(["read"]).meta({
    description:
      "The scopes the client asks for (default `read`); approval keeps those the approving user may hold (`admin` only for staff)",
  }),
});
export type StartDeviceSignInInput = z.infer<typeof startDeviceSignInSchema>;

export const deviceSignInStartedSchema = z.object({
  deviceCode: z.string().meta({ description: "The client's secret for polling `POST /auth/device/token`; never shown to the user" }),
  userCode: z.string().meta({ description: "The code the user enters at `verificationUri`, shown as `XXXX-XXXX`", example: "BCDF-GHJK" }),
  verificationUri: z
    .string()
    .meta({ description: "The portal page where the user enters the code", example: "https://pums.example/device" }),
  verificationUriComplete: z.string().meta({
    description: "The same page with the code filled in (for a link or a QR code)",
    example: "https://pums.example/device?code=BCDF-GHJK",
  }),
  expiresIn: z.int().meta({ description: "Seconds until both codes expire", example: 600 }),
  interval: z.int().meta({ description: "Seconds to wait between polls", example: 5 }),
});

export const pollDeviceTokenSchema = z.strictObject({
  deviceCode: z.string().min(1).max(200),
});

/** A user code as typed: any case, with or without the dash or spaces, normalised to its 8 letters. */
export const userCodeSchema = z
  .string()
  .max(40)
  .transform((value, context) => {
    const code = normalizeUserCode(value);
    if (code === null) {
      context.addIssue({ code: "custom", message: "Enter the 8 letters your device shows, like BCDF-GHJK." });
      return z.NEVER;
    }
    return code;
  });

/** The /device page's code form. */
export const enterUserCodeSchema = z.strictObject({ userCode: userCodeSchema });

/** Approving on the /device page: the code again, and the password when the sign-in is not recent. */
export const approveDeviceSignInSchema = z.strictObject({
  userCode: userCodeSchema,
  password: z.string().min(1, "Enter your password.").max(PASSWORD_MAX).optional(),
});
export type ApproveDeviceSignInInput = z.infer<typeof approveDeviceSignInSchema>;
