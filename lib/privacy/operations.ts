import { idParams, NOT_SIGNED_IN, operationsOf, PASSWORD_CHECKS_LIMITED, problem, STALE_IF_MATCH } from "../http/operation";
import { dataExportSchema, deleteOwnAccountSchema, deletionAcceptedSchema } from "./schemas";

/**
 * What deleting an account answers, by the owner or by staff: 202 once its sessions and tokens have
 * ended, 409 while it is the only Owner of a project, 412 when the optional If-Match is stale.
 */
const ACCOUNT_DELETION_ANSWERS = {
  202: { description: "Deleted: sessions and tokens have ended", schema: deletionAcceptedSchema },
  409: problem(
    "The account is the only Owner of a project that is not deleted (`sole_owner`): `projects` lists `{id, slug, name}` of each; transfer the ownership first",
  ),
  412: STALE_IF_MATCH,
};

const { signedIn, staff } = operationsOf("Data rights");

export const downloadOwnDataOperation = signedIn.get("/api/v1/users/me/export", {
  summary: "Download everything held about the own account",
  description:
    'A JSON attachment (`Content-Disposition: attachment; filename="pums-export-<username>-<date>.json"`) of the account with its ' +
    "settings, memberships, applications, announcements written, token metadata (never the tokens), sessions, devices, login history, " +
    "notifications, follows and the audit entries by or about the account. Left out: secrets and the platform team's internal records " +
    "(docs/privacy.md). Limited to 5 per hour per account.",
  responses: {
    200: { description: "The export, as an attachment", schema: dataExportSchema, headers: ["Content-Disposition"] },
    401: NOT_SIGNED_IN,
    429: problem("More than 5 exports in an hour"),
  },
});

export const deleteOwnAccountOperation = signedIn.delete("/api/v1/users/me", {
  summary: "Delete the own account",
  description:
    "Needs the password (checked and rate limited like every password check) and, when two-factor sign-in is on, `otp` (a code of " +
    "the authenticator app or a recovery code). Answers 202 once every session and token of the account has ended: personal data is " +
    'erased, memberships are removed, pending applications withdrawn; what the account wrote stays under "Deleted user". The username ' +
    "stays reserved for 30 days. Signing in afterwards fails like an unknown account. See docs/privacy.md.",
  ifMatch: "optional",
  body: deleteOwnAccountSchema,
  responses: {
    ...ACCOUNT_DELETION_ANSWERS,
    400: problem("Wrong `password`, or `otp` missing or wrong while two-factor sign-in is on"),
    404: problem("The account is deleted already"),
    422: problem("The last Project lead cannot delete the account (`last_project_lead`)"),
    429: PASSWORD_CHECKS_LIMITED,
  },
});

export const deleteUserOperation = staff.delete("/api/v1/users/{id}", {
  summary: "Delete an account (staff)",
  description:
    "Needs users.delete: a Team lead deletes accounts ranking below Team lead, a Project lead any other account; nobody their own " +
    "this way (`self_deletion`). The same erasure as DELETE /users/me, without a password.",
  ifMatch: "optional",
  params: idParams,
  responses: {
    ...ACCOUNT_DELETION_ANSWERS,
    403: problem("Needs users.delete (a token also the admin and write scopes), or the account ranks too high (`account_rank`)"),
    404: problem("No such user (or deleted already)"),
    422: problem("The caller's own account (`self_deletion`), or the last Project lead (`last_project_lead`)"),
  },
});
