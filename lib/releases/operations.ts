import { guardedBy, idParams, OLDER_IF_MATCH, operationsOf, pageOf, pathIds, problem, REVIEW_DECISION_REFUSALS } from "../http/operation";
import { createReleaseSchema, listReleasesQuerySchema, releaseDecisionSchema, releaseSchema, updateReleaseSchema } from "./schemas";

const releaseParams = pathIds("id", "releaseId");
const NOT_VISIBLE = problem("No such project or release, not visible to you, or the project's DOWNLOADS module is off");

const { anyone, signedIn } = operationsOf("Releases");

const reviewStaff = operationsOf("Review").staff;

export const listReleasesOperation = anyone.get("/api/v1/projects/{id}/releases", {
  summary: "The project's releases, newest first",
  description:
    "Published STABLE releases for whoever sees the project's downloads (members only for APPLICATION_ONLY projects); published BETA and ALPHA releases also for releases.viewPrerelease, and for everyone when the project's setting `offerPrereleases` is on; drafts and yanked releases for releases.manage.",
  cache: "public",
  params: idParams,
  query: listReleasesQuerySchema,
  responses: { 200: pageOf("A page of releases with their files", releaseSchema), 404: NOT_VISIBLE },
});

export const createReleaseOperation = signedIn.post("/api/v1/projects/{id}/releases", {
  reviewedContent: true,
  summary: "Create a release (as a draft)",
  description:
    "Needs releases.manage. `version` is a semantic version, unique in the project (compared as semver: `1.0.0+build` is `1.0.0`).",
  idempotent: true,
  params: idParams,
  body: createReleaseSchema,
  responses: {
    201: { description: "The draft release", schema: releaseSchema, headers: ["Location", "ETag"] },
    ...guardedBy("releases.manage", NOT_VISIBLE),
    409: problem("The version exists in the project, or the project is in review (`in_review`)"),
  },
});

export const getReleaseOperation = anyone.get("/api/v1/projects/{id}/releases/{releaseId}", {
  summary: "One release with its files",
  cache: "public",
  versioned: true,
  params: releaseParams,
  responses: { 200: { description: "The release", schema: releaseSchema }, 404: NOT_VISIBLE },
});

export const updateReleaseOperation = signedIn.patch("/api/v1/projects/{id}/releases/{releaseId}", {
  reviewedContent: true,
  summary: "Edit, publish or yank a release",
  description:
    "Needs releases.manage. `state` moves DRAFT -> PUBLISHED -> YANKED, and an IN_REVIEW or REJECTED release back to DRAFT (nothing else); only a trusted project publishes directly (409 `review_required` otherwise: submit it). `version` and `channel` change only while the release is a draft; a release in review changes only by going back to DRAFT (409 `release_locked`). While the project is in review: 409 `in_review`.",
  versioned: true,
  params: releaseParams,
  body: updateReleaseSchema,
  responses: {
    200: { description: "The release", schema: releaseSchema },
    ...guardedBy("releases.manage", NOT_VISIBLE),
    409: problem("The version exists in the project; review_required, release_locked or in_review"),
    422: problem("Illegal state change, or version/channel of a release that is no longer a draft"),
  },
});

export const deleteReleaseOperation = signedIn.delete("/api/v1/projects/{id}/releases/{releaseId}", {
  reviewedContent: true,
  summary: "Delete a draft or yanked release and its files",
  versioned: true,
  params: releaseParams,
  responses: {
    204: { description: "Deleted" },
    ...guardedBy("releases.manage", NOT_VISIBLE),
    409: problem("The release is in review (`release_locked`: withdraw it to draft first), or the project is (`in_review`)"),
    422: problem("A published release is yanked first"),
  },
});

export const submitReleaseOperation = signedIn.post("/api/v1/projects/{id}/releases/{releaseId}/submit", {
  operationId: "requestReleaseReview",
  reviewedContent: true,
  ifMatch: "optional",
  summary: "Submit a draft release for release review",
  description:
    "Needs releases.manage. No body. The draft becomes IN_REVIEW (its files are frozen) and the platform team's reviewers are notified. A release needs at least one file (422 `incomplete`); only a draft is submitted (422 `invalid_transition`). Optional If-Match with the release's ETag (412 when stale). While the project is in review: 409 `in_review`.",
  params: releaseParams,
  responses: {
    200: { description: "The release, IN_REVIEW", schema: releaseSchema, headers: ["ETag"] },
    ...guardedBy("releases.manage", NOT_VISIBLE),
    409: problem("The project is in review (in_review)"),
    412: OLDER_IF_MATCH,
    422: problem("Not a draft, or without files"),
  },
});

export const decideReleaseOperation = reviewStaff.post("/api/v1/reviews/releases/{releaseId}/decision", {
  ifMatch: "optional",
  summary: "Approve (every check passed: publishes) or reject (with a public reason) a release in review",
  description:
    "Staff with projects.review; no claim needed. Reviewers on the project's team get 403. Of two decisions at once exactly one counts; the other gets 409 `already_decided`. Optional If-Match with the release's ETag (412 when stale). The internal note stays with the platform team.",
  params: pathIds("releaseId"),
  body: releaseDecisionSchema,
  responses: {
    200: { description: "The release, PUBLISHED or REJECTED", schema: releaseSchema, headers: ["ETag"] },
    ...REVIEW_DECISION_REFUSALS,
    404: problem("No such release, or its project is not visible to you"),
    409: problem("Already decided"),
    412: OLDER_IF_MATCH,
  },
});
