/**
 * Whether a step that needs a recent sign-in (a new token, approving a device sign-in, setting up
 * two-factor authentication) asks for the password first; the page reads both from
 * lib/account/reauthentication.ts.
 */
export interface Reauthentication {
  /** The session's sign-in is within the re-authentication window; otherwise the form asks for the password. */
  recent: boolean;
  /** The window's length, for the hint that says why the password is asked. */
  windowMinutes: number;
}
