import { z } from "zod";
import { defineOperation, idSchema, problem } from "../http/operation";
import { pageSchema } from "../http/pagination";
import { createReleaseSchema, listReleasesQuerySchema, releaseSchema, updateReleaseSchema } from "./schemas";

const projectParams = z.strictObject({ id: idSchema });
const releaseParams = z.strictObject({ id: idSchema, releaseId: idSchema });
const NOT_VISIBLE = problem("No such project or release, not visible to you, or the project's DOWNLOADS module is off");

export const listReleasesOperation = defineOperation({
  method: "GET",
  path: "/api/v1/projects/{id}/releases",
  tag: "Releases",
  summary: "The project's releases, newest first",
  description:
    "Published STABLE releases for whoever sees the project's downloads (members only for APPLICATION_ONLY projects); published BETA and ALPHA releases also for releases.viewPrerelease, and for everyone when the project's setting `offerPrereleases` is on; drafts and yanked releases for releases.manage.",
  auth: "optional",
  params: projectParams,
  query: listReleasesQuerySchema,
  responses: { 200: { description: "A page of releases with their files", schema: pageSchema(releaseSchema) }, 404: NOT_VISIBLE },
});

export const createReleaseOperation = defineOperation({
  method: "POST",
  path: "/api/v1/projects/{id}/releases",
  tag: "Releases",
  summary: "Create a release (as a draft)",
  description:
    "Needs releases.manage. `version` is a semantic version, unique in the project (compared as semver: `1.0.0+build` is `1.0.0`).",
  auth: "required",
  idempotent: true,
  params: projectParams,
  body: createReleaseSchema,
  responses: {
    201: { description: "The draft release", schema: releaseSchema },
    403: problem("Needs releases.manage"),
    404: NOT_VISIBLE,
    409: problem("The version exists in the project"),
  },
});

export const getReleaseOperation = defineOperation({
  method: "GET",
  path: "/api/v1/projects/{id}/releases/{releaseId}",
  tag: "Releases",
  summary: "One release with its files",
  auth: "optional",
  versioned: true,
  params: releaseParams,
  responses: { 200: { description: "The release", schema: releaseSchema }, 404: NOT_VISIBLE },
});

export const updateReleaseOperation = defineOperation({
  method: "PATCH",
  path: "/api/v1/projects/{id}/releases/{releaseId}",
  tag: "Releases",
  summary: "Edit, publish or yank a release",
  description:
    "Needs releases.manage. `state` moves DRAFT -> PUBLISHED -> YANKED (nothing else); `version` and `channel` change only while the release is a draft.",
  auth: "required",
  versioned: true,
  params: releaseParams,
  body: updateReleaseSchema,
  responses: {
    200: { description: "The release", schema: releaseSchema },
    403: problem("Needs releases.manage"),
    404: NOT_VISIBLE,
    409: problem("The version exists in the project"),
    422: problem("Illegal state change, or version/channel of a release that is no longer a draft"),
  },
});

export const deleteReleaseOperation = defineOperation({
  method: "DELETE",
  path: "/api/v1/projects/{id}/releases/{releaseId}",
  tag: "Releases",
  summary: "Delete a draft or yanked release and its files",
  auth: "required",
  versioned: true,
  params: releaseParams,
  responses: {
    204: { description: "Deleted" },
    403: problem("Needs releases.manage"),
    404: NOT_VISIBLE,
    422: problem("A published release is yanked first"),
  },
});
