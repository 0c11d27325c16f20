/**
 * The codes of a device sign-in (RFC 8628). The user code is what a person reads off one screen and
 * types on another: 8 letters from 20 consonants (RFC 8628 §6.1: no vowels, so no words; no digits,
 * so no 0/O or 1/I), about 34.6 bits, shown as `BCDF-GHJK`, typed in any case, with or without the
 * dash. The device code is what the client polls with: 256 random bits, stored only as a hash.
 */
export const USER_CODE_ALPHABET = "BCDFGHJKLMNPQRSTVWXZ";
export const USER_CODE_LENGTH = 8;
export const DEVICE_CODE_PREFIX = "pmd_";

const USER_CODE = new RegExp(`^[${USER_CODE_ALPHABET}]{${USER_CODE_LENGTH}}$`);

/** Random bytes at or above this are drawn again, so each letter is equally likely (240 = 12 × 20). */
const UNBIASED_BELOW = 256 - (256 % USER_CODE_ALPHABET.length);

/**
 * A new user code, unformatted (8 letters), drawn without modulo bias. Web Crypto rather than
 * node:crypto: this file also runs in the browser (the code form's schema normalises with it).
 */
export function newUserCode(): string {
  let code = "";
  while (code.length < USER_CODE_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(USER_CODE_LENGTH))) {
      if (byte < UNBIASED_BELOW && code.length < USER_CODE_LENGTH) code += USER_CODE_ALPHABET[byte % USER_CODE_ALPHABET.length];
    }
  }
  return code;
}

/** The code as people read it: `BCDF-GHJK`. */
export function formatUserCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** What a person typed, as the 8 letters it stands for (upper case, without spaces and dashes); null when it cannot be a code. */
export function normalizeUserCode(input: string): string | null {
  const letters = input.toUpperCase().replace(/[\s-]/g, "");
  return USER_CODE.test(letters) ? letters : null;
}
