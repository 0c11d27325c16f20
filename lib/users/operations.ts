import { z } from "zod";
import { createOwnTokenSchema, createTokenSchema, credentialsSchema, tokenSchema } from "../auth/schemas";
import { paginationQuerySchema } from "../http/pagination";
import {
  idParams,
  ifMatchProblems,
  imageVersionQuery,
  IMAGE_BODY_PROBLEMS,
  INVALID_FIELDS,
  listOf,
  NEW_TOKEN_ANSWER,
  NO_SUCH_USER,
  NOT_SIGNED_IN,
  operationsOf,
  ownNotFound,
  pageOf,
  PASSWORD_CHECKS_LIMITED,
  pathIds,
  problem,
} from "../http/operation";
import { IMAGE_TYPES } from "../files/store";
import { RATE_LIMITS } from "../rate-limit";
import {
  AVATAR_SIZE,
  fullUserSchema,
  MAX_AVATAR_BYTES,
  ownAccountSchema,
  publicProfileSchema,
  registerSchema,
  staffUpdateUserSchema,
  updateOwnAccountSchema,
  userSearchQuerySchema,
  verificationResendSchema,
} from "./schemas";

const USERNAME_OR_EMAIL_TAKEN = problem("Username or e-mail address taken");

const { noSignIn, anyone, signedIn, staff } = operationsOf("Users");

const { noSignIn: authentication, anyone: authenticationAnyone } = operationsOf("Authentication");

const tokens = operationsOf("Tokens").signedIn;

const administration = operationsOf("Administration").staff;

export const registerOperation = authentication.post("/api/v1/auth/register", {
  operationId: "registerUser",
  summary: "Create an account",
  description: "Creates a user with the User role and sends a verification link to the e-mail address.",
  body: registerSchema,
  responses: {
    201: { description: "The new account", schema: ownAccountSchema, headers: ["Location", "ETag"] },
    400: INVALID_FIELDS,
    409: USERNAME_OR_EMAIL_TAKEN,
    429: problem("Too many registrations from this address"),
  },
});

export const verifyEmailOperation = authentication.post("/api/v1/auth/verify-email", {
  summary: "Confirm an e-mail address with the token from the verification mail",
  body: z.strictObject({ token: z.string().min(1).max(200) }),
  rateLimit: RATE_LIMITS.verifyEmailPerIp,
  responses: { 204: { description: "Confirmed" }, 422: problem("Invalid or expired token") },
});

export const sendVerificationLinkOperation = authenticationAnyone.post("/api/v1/auth/verify-email/resend", {
  summary: "Send the verification link again",
  description:
    "Signed in, with no body: to the caller's address waiting for confirmation (a pending change, or the account's own while unconfirmed). " +
    "Anonymously, with `{email}` (the expired-link page): the same for the account with that address, and the same answer whether there is one or not. " +
    "The new link voids the older links to that address. Limited per client address and per account or address.",
  body: verificationResendSchema.optional(),
  bodyOptional: true,
  responses: {
    202: { description: "Sent, where there is something to confirm" },
    400: problem("Anonymous without an e-mail address, or an invalid one"),
    429: problem("Too many links asked for"),
  },
});

export const createTokenWithPasswordOperation = authentication.post("/api/v1/auth/token", {
  summary: "Sign in with login and password and receive a personal access token",
  description: "`login` is the e-mail address or the username. Send the token as `Authorization: Bearer pmt_...`.",
  body: credentialsSchema.extend(createTokenSchema.shape),
  responses: {
    201: NEW_TOKEN_ANSWER,
    401: problem("Wrong login or password (the same answer for every reason)"),
    429: problem("Too many attempts"),
  },
});

export const getMeOperation = signedIn.get("/api/v1/users/me", {
  summary: "Read the own account",
  versioned: true,
  responses: { 200: { description: "The own account, with an ETag", schema: ownAccountSchema }, 401: NOT_SIGNED_IN },
});

export const updateMeOperation = signedIn.put("/api/v1/users/me", {
  summary: "Update the own account",
  description: "Changes the fields sent. A new e-mail address needs `currentPassword` and takes effect when the link sent to it is opened.",
  versioned: true,
  body: updateOwnAccountSchema,
  responses: {
    200: { description: "The updated account", schema: ownAccountSchema },
    400: INVALID_FIELDS,
    409: USERNAME_OR_EMAIL_TAKEN,
    ...ifMatchProblems(),
  },
});

export const listUsersOperation = staff.get("/api/v1/users", {
  summary: "Search users (staff)",
  query: userSearchQuerySchema.extend(paginationQuerySchema.shape),
  responses: { 200: pageOf("A page of users", fullUserSchema), 403: problem("Needs users.readAny") },
});

export const uploadAvatarOperation = signedIn.put("/api/v1/users/me/avatar", {
  summary: "Upload the own picture",
  description:
    `Send the image itself as the body (${IMAGE_TYPES.join(", ")}, at most ${MAX_AVATAR_BYTES / 1024 / 1024} MiB, 40 megapixels). ` +
    `It is checked by its bytes, drawn again as a ${AVATAR_SIZE} px square WebP without its metadata, and served by us: avatarUrl points at it. ` +
    "PUT /users/me with avatarUrl null removes it.",
  fileBody: { contentTypes: IMAGE_TYPES },
  maxBodyBytes: MAX_AVATAR_BYTES,
  responses: {
    200: { description: "The account, with its new avatarUrl and ETag", schema: ownAccountSchema, headers: ["ETag"] },
    400: problem("The picture cannot be read, or it is too large a canvas"),
    ...IMAGE_BODY_PROBLEMS,
  },
});

export const getAvatarOperation = noSignIn.get("/api/v1/users/{id}/avatar", {
  summary: "A user's picture",
  description:
    "Public, like the name next to it. Anonymous answers may be kept by shared caches for a bounded time (a removed picture leaves them within `s-maxage` + `stale-while-revalidate` seconds); browsers revalidate with the ETag, its SHA-256.",
  cache: "public",
  params: idParams,
  query: imageVersionQuery,
  responses: {
    200: { description: "The picture (WebP)", binary: "image/webp", headers: ["ETag"] },
    404: problem("No such user, or no uploaded picture"),
  },
});

export const getUserOperation = anyone.get("/api/v1/users/{id}", {
  summary: "Read a user",
  description: "The public profile for everyone; the full record for callers with users.readAny (tokens need the admin scope).",
  versioned: true,
  params: idParams,
  responses: {
    200: { description: "Public profile or full record", schema: z.union([fullUserSchema, publicProfileSchema]) },
    404: NO_SUCH_USER,
  },
});

export const updateUserOperation = staff.put("/api/v1/users/{id}", {
  summary: "Change a user (staff)",
  description:
    "Profile fields need users.manage, platformRoles need users.roles (no escalation; the last Project lead stays), partnerStatus needs users.partner, suspended needs users.suspend.",
  versioned: true,
  params: idParams,
  body: staffUpdateUserSchema,
  responses: {
    200: { description: "The full record", schema: fullUserSchema },
    403: problem("A field needs a permission the caller lacks"),
    404: NO_SUCH_USER,
    422: problem("A rule forbids the change (last Project lead, own account)"),
    ...ifMatchProblems(),
  },
});

export const listTokensOperation = tokens.get("/api/v1/users/me/tokens", {
  summary: "List the own personal access tokens",
  responses: { 200: listOf("Active tokens", tokenSchema) },
});

export const createTokenOperation = tokens.post("/api/v1/users/me/tokens", {
  summary: "Create a personal access token",
  description:
    "Needs a recent sign-in: the caller's session or token must stand on a sign-in within REAUTH_WINDOW_SECONDS (default 10 minutes), " +
    "or the body carries `password`. The new token inherits that sign-in's time (now, with `password`), never its own creation time. " +
    "A token created with a token can have no scope its creator lacks, expires no later than it and is revoked with it. " +
    "Not idempotent: `Idempotency-Key` is ignored here, because a replay would have to store the secret token.",
  body: createOwnTokenSchema,
  responses: {
    201: NEW_TOKEN_ANSWER,
    400: problem("Wrong `password`"),
    401: problem("The caller's sign-in is older than REAUTH_WINDOW_SECONDS and no `password` was sent (`reauthentication_required`)"),
    429: PASSWORD_CHECKS_LIMITED,
  },
});

export const deleteTokenOperation = tokens.delete("/api/v1/users/me/tokens/{tokenId}", {
  summary: "Revoke a personal access token",
  params: pathIds("tokenId"),
  responses: { 204: { description: "Revoked" }, 404: ownNotFound("token") },
});

export const partnerHistoryOperation = administration.get("/api/v1/users/{id}/partner-history", {
  operationId: "listPartnerHistory",
  summary: "Who changed a user's partner status, when and why (users.readAny)",
  params: idParams,
  responses: {
    200: listOf(
      "Changes, newest first",
      z.object({
        at: z.iso.datetime(),
        from: z.string(),
        to: z.string(),
        note: z.string().nullable(),
        by: z.object({ id: z.string(), displayName: z.string() }).nullable(),
      }),
    ),
  },
});
