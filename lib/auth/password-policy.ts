import { z } from "zod";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

/** Length only, no composition rules (NIST SP 800-63B); shared by the forms, actions and routes. */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`);
export { assertAcceptablePassword, commonPasswordCount } from "./common-passwords";
