import { z } from "zod";
import { COMMON_PASSWORDS } from "./common-passwords";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

/** Length only, no composition rules (NIST SP 800-63B); common passwords are refused. */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`)
  .refine((password) => !COMMON_PASSWORDS.has(password.toLowerCase()), "This password is too common. Choose another.");
