import { dictionary } from "@zxcvbn-ts/language-common";
import { ValidationFailed } from "../errors";

/**
 * Passwords refused wherever one is set: the ~49,000 most common passwords of public breach
 * corpora as maintained by zxcvbn-ts (@zxcvbn-ts/language-common), compared case-insensitively.
 * Server-side only: the list (about 370 KB) stays out of the browser bundle, so the forms check
 * length and the service answers a too-common password as a field error.
 */
let common: ReadonlySet<string> | undefined;

function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary["passwords-common"].map((password) => password.toLowerCase()));
  return common;
}

export function commonPasswordCount(): number {
  return commonPasswords().size;
}

/** Throws a field error on `field` when the password is one of the common ones. */
export function assertAcceptablePassword(password: string, field = "password"): void {
  if (commonPasswords().has(password.toLowerCase())) {
    throw new ValidationFailed([{ path: field, message: "This password is too common. Choose another." }]);
  }
}
