import { INVALID_FIELDS, NEW_TOKEN_ANSWER, operationsOf, problem } from "../http/operation";
import { RATE_LIMITS } from "../rate-limit";
import { deviceSignInStartedSchema, pollDeviceTokenSchema, startDeviceSignInSchema } from "./schemas";

const { noSignIn } = operationsOf("Authentication");

export const requestDeviceSignInOperation = noSignIn.post("/api/v1/auth/device", {
  summary: "Start a device sign-in (RFC 8628) for a client without a browser",
  description:
    "Answers a `deviceCode` for the client and a `userCode` for its user, who opens `verificationUri` (or `verificationUriComplete`) in the portal, signed in, and approves or denies. Then poll `POST /api/v1/auth/device/token` every `interval` seconds until `expiresIn` runs out. The client name and scopes are shown to the user; approval keeps the scopes the user may hold.",
  body: startDeviceSignInSchema,
  rateLimit: RATE_LIMITS.deviceStartPerIp,
  responses: {
    201: { description: "The codes; show the user code and the address to the user", schema: deviceSignInStartedSchema },
    400: INVALID_FIELDS,
    429: problem("Too many device sign-ins started from this address"),
  },
});

export const createDeviceTokenOperation = noSignIn.post("/api/v1/auth/device/token", {
  summary: "Poll a device sign-in for its token",
  description:
    "After approval answers the token once (a personal access token of the approving user, named after the client). Until then, and afterwards, 400 with `code`: `authorization_pending` (poll again after `interval` seconds), `slow_down` (polled too soon: the interval grew by 5 seconds, given as `interval`), `expired_token` (start again), `access_denied` (the user denied it), `invalid_grant` (unknown or already used device code).",
  body: pollDeviceTokenSchema,
  responses: {
    201: NEW_TOKEN_ANSWER,
    400: problem(
      "Not (or no longer) approved: `code` is `authorization_pending`, `slow_down`, `expired_token`, `access_denied` or `invalid_grant`; or invalid fields (`validation_failed`)",
    ),
  },
});
