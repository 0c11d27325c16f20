import { z } from "zod";
import {
  guardedBy,
  idParams,
  NO_SUCH_USER,
  operationsOf,
  ownNotFound,
  pageOf,
  PASSWORD_CHECKS_LIMITED,
  pathIds,
  problem,
} from "../http/operation";
import { paginationQuerySchema } from "../http/pagination";
import {
  changePasswordSchema,
  confirmTwoFactorSchema,
  deviceSchema,
  enableTwoFactorSchema,
  loginEventSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  reauthenticateSchema,
  recoveryCodesSchema,
  renameDeviceSchema,
  sessionSchema,
  twoFactorSetupSchema,
} from "./schemas";

const reauthentication = problem(
  "The sign-in behind the session or token is older than REAUTH_WINDOW_SECONDS, default 10 minutes (`reauthentication_required`)",
);

/** Setting up two-factor sign-in and turning it on: 401 without a recent sign-in, 409 when it is on already. */
const SETUP_REFUSALS = { 401: reauthentication, 409: problem("Two-factor sign-in is on already") };

const twoFactorOff = problem("Two-factor sign-in is off");

/**
 * Turning two-factor sign-in off and replacing the recovery codes, both confirmed with the password and
 * a code (`confirmTwoFactorSchema`): 400 when either is wrong, 422 when two-factor sign-in is off.
 */
const CONFIRMATION_REFUSALS = { 400: problem("Wrong password or code"), 422: twoFactorOff };

const accountSecurity = operationsOf("Account security").signedIn;

const authentication = operationsOf("Authentication").noSignIn;

const administration = operationsOf("Administration").staff;

export const changePasswordOperation = accountSecurity.post("/api/v1/users/me/password", {
  summary: "Change the own password",
  description: "Needs the current password (rate limited like sign-in) and a new one that meets the policy. Ends every other session.",
  body: changePasswordSchema,
  responses: {
    204: { description: "Changed" },
    400: problem("Wrong current password, or a weak new password"),
    429: PASSWORD_CHECKS_LIMITED,
  },
});

export const requestPasswordResetOperation = authentication.post("/api/v1/auth/password-reset", {
  summary: "Ask for a password reset link",
  description: "Always 202 with the same body, for known and unknown addresses alike. The link goes to the address by mail.",
  body: passwordResetRequestSchema,
  responses: {
    202: { description: "Accepted", schema: z.object({ message: z.string() }) },
    429: problem("Too many requests for this address or from this client"),
  },
});

export const confirmPasswordResetOperation = authentication.post("/api/v1/auth/password-reset/confirm", {
  summary: "Set a new password with the token of a reset link",
  description: "The token works once, for 30 minutes; a newer link voids older ones. Ends every session of the account.",
  body: passwordResetConfirmSchema,
  responses: {
    204: { description: "Password set" },
    400: problem("Weak new password"),
    422: problem("Invalid, used or expired token"),
    429: problem("Too many attempts"),
  },
});

export const confirmSessionPasswordOperation = accountSecurity.post("/api/v1/users/me/reauthenticate", {
  summary: "Confirm the password for the current session",
  description:
    "Sessions only: the session counts as freshly authenticated for REAUTH_WINDOW_SECONDS, default 10 minutes (needed to mint tokens and change two-factor sign-in). " +
    "Tokens made from the session before keep their own, older sign-in time.",
  body: reauthenticateSchema,
  responses: {
    204: { description: "Confirmed" },
    400: problem("Wrong password"),
    404: problem("The caller is not a session"),
    429: PASSWORD_CHECKS_LIMITED,
  },
});

export const listSessionsOperation = accountSecurity.get("/api/v1/users/me/sessions", {
  summary: "List the own signed-in sessions",
  query: paginationQuerySchema,
  responses: { 200: pageOf("Live sessions, newest first; `current` marks the caller's", sessionSchema) },
});

export const endOtherSessionsOperation = accountSecurity.delete("/api/v1/users/me/sessions", {
  summary: "End every session but the current one",
  responses: { 204: { description: "Ended" } },
});

export const endSessionOperation = accountSecurity.delete("/api/v1/users/me/sessions/{sessionId}", {
  summary: "End one of the own sessions",
  description: "Takes effect at once on every instance.",
  params: pathIds("sessionId"),
  responses: { 204: { description: "Ended" }, 404: ownNotFound("live session") },
});

export const listDevicesOperation = accountSecurity.get("/api/v1/users/me/devices", {
  summary: "List the own trusted devices (browsers that signed in)",
  query: paginationQuerySchema,
  responses: { 200: pageOf("Devices, newest first", deviceSchema) },
});

const deviceParams = pathIds("deviceId");

export const renameDeviceOperation = accountSecurity.patch("/api/v1/users/me/devices/{deviceId}", {
  summary: "Rename one of the own devices",
  params: deviceParams,
  body: renameDeviceSchema,
  responses: {
    200: { description: "The device", schema: deviceSchema },
    400: problem("Invalid name"),
    404: ownNotFound("device"),
  },
});

export const removeDeviceOperation = accountSecurity.delete("/api/v1/users/me/devices/{deviceId}", {
  summary: "Remove one of the own devices",
  description: "Its cookie is no longer trusted and its sessions end at once.",
  params: deviceParams,
  responses: { 204: { description: "Removed" }, 404: ownNotFound("device") },
});

export const getOwnLoginHistoryOperation = accountSecurity.get("/api/v1/users/me/login-history", {
  summary: "The own sign-in attempts",
  description: "Every attempt, successful or not, newest first. `reason` is given to staff with users.readAny only.",
  query: paginationQuerySchema,
  responses: { 200: pageOf("A page of attempts", loginEventSchema) },
});

export const getLoginHistoryOperation = administration.get("/api/v1/users/{id}/login-history", {
  summary: "A user's sign-in attempts (staff)",
  description: "users.readAny (tokens need the admin scope); with the reason of each failure.",
  params: idParams,
  query: paginationQuerySchema,
  responses: {
    200: pageOf("A page of attempts", loginEventSchema),
    ...guardedBy("users.readAny", NO_SUCH_USER),
  },
});

export const getTwoFactorOperation = accountSecurity.get("/api/v1/users/me/2fa", {
  summary: "Whether two-factor sign-in is on",
  responses: {
    200: {
      description: "The state",
      schema: z.object({ enabled: z.boolean(), enabledAt: z.iso.datetime().nullable(), recoveryCodesLeft: z.int() }),
    },
  },
});

export const setupTwoFactorOperation = accountSecurity.post("/api/v1/users/me/2fa/setup", {
  summary: "Start setting up two-factor sign-in",
  description: "A new TOTP secret (RFC 6238, 30 s, 6 digits) for an authenticator app; not active until enabled with a code.",
  responses: {
    200: { description: "The secret and its otpauth:// URL", schema: twoFactorSetupSchema },
    ...SETUP_REFUSALS,
  },
});

export const enableTwoFactorOperation = accountSecurity.post("/api/v1/users/me/2fa/enable", {
  summary: "Turn two-factor sign-in on with a code of the new secret",
  body: enableTwoFactorSchema,
  responses: {
    200: { description: "10 single-use recovery codes, shown only this once", schema: recoveryCodesSchema },
    400: problem("Wrong or expired code"),
    ...SETUP_REFUSALS,
    422: problem("No secret set up yet"),
  },
});

export const disableTwoFactorOperation = accountSecurity.post("/api/v1/users/me/2fa/disable", {
  summary: "Turn two-factor sign-in off",
  description: "Needs the password and a current code or an unused recovery code.",
  body: confirmTwoFactorSchema,
  responses: {
    204: { description: "Off" },
    ...CONFIRMATION_REFUSALS,
    429: PASSWORD_CHECKS_LIMITED,
  },
});

export const replaceRecoveryCodesOperation = accountSecurity.post("/api/v1/users/me/2fa/recovery-codes", {
  summary: "Replace the recovery codes",
  description: "Needs the password and a current code (or an unused recovery code); the old codes stop working.",
  body: confirmTwoFactorSchema,
  responses: {
    200: { description: "10 new codes, shown only this once", schema: recoveryCodesSchema },
    ...CONFIRMATION_REFUSALS,
  },
});

export const resetTwoFactorOperation = administration.post("/api/v1/users/{id}/2fa/reset", {
  summary: "Turn off a user's two-factor sign-in (staff)",
  description: "users.manage above the target's rank (tokens need write and admin). Writes a security warning and mails the user.",
  params: idParams,
  responses: {
    204: { description: "Reset" },
    403: problem("Needs users.manage above the user's rank"),
    404: NO_SUCH_USER,
    422: twoFactorOff,
  },
});
