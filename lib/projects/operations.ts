import { z } from "zod";
import { IMAGE_TYPES } from "../files/store";
import {
  defineOperation,
  guardedBy,
  IMAGE_BODY_PROBLEMS,
  idParams,
  idSchema,
  ifMatchProblems,
  listOf,
  pageOf,
  problem,
  projectModuleNotVisible,
} from "../http/operation";
import { IMAGE_KINDS, MAX_IMAGE_BYTES } from "./images";
import {
  createProjectSchema,
  listProjectsQuerySchema,
  modulesViewSchema,
  patchPresentationSchema,
  projectSchema,
  projectSettingsViewSchema,
  replacePresentationSchema,
  trustSchema,
  updateModulesSchema,
  updateSettingsSchema,
} from "./schemas";
import { supportLinkViewSchema } from "./support-links";

const NOT_VISIBLE = problem("No such project, or not visible to you");
const imageParams = z.strictObject({ id: idSchema, kind: z.enum(IMAGE_KINDS) });
/** Replacing the presentation and changing some of its fields answer alike. */
const PRESENTATION_WRITE_RESPONSES = {
  200: { description: "The project", schema: projectSchema },
  ...guardedBy("project.edit", NOT_VISIBLE),
  ...ifMatchProblems(),
};

export const listProjectsOperation = defineOperation({
  method: "GET",
  path: "/api/v1/projects",
  tag: "Projects",
  summary: "List the projects you may see",
  description:
    "Anonymous callers see published and archived PUBLIC and APPLICATION_ONLY projects; members also their own projects in any status; staff with projects.readAny every project. `member=me` lists only your projects.",
  auth: "optional",
  cache: "public",
  query: listProjectsQuerySchema,
  responses: { 200: pageOf("A page of projects", projectSchema), 400: problem("Invalid filter or cursor") },
});

export const createProjectOperation = defineOperation({
  method: "POST",
  path: "/api/v1/projects",
  tag: "Projects",
  summary: "Create a project (as a DRAFT)",
  description:
    "Needs projects.create (partners: ACTIVE partner status). The creating partner becomes Owner; staff name the owning partner in `ownerId`. " +
    "`slug` is the project's address; left out, it is made from the name.",
  auth: "required",
  idempotent: true,
  body: createProjectSchema,
  responses: {
    201: { description: "The new project", schema: projectSchema, headers: ["Location", "ETag"] },
    400: problem("Invalid fields"),
    403: problem("Not allowed to create projects"),
    409: problem("The chosen `slug` is taken (`slug_taken`)"),
    422: problem("A module that is not available yet"),
  },
});

export const listDeletedProjectsOperation = defineOperation({
  method: "GET",
  path: "/api/v1/projects/deleted",
  tag: "Projects",
  summary: "Deleted projects that can still be restored (Project lead)",
  auth: "required",
  scope: "admin",
  responses: {
    200: { description: "Deleted projects", schema: z.object({ data: z.array(projectSchema.extend({ deletedAt: z.iso.datetime() })) }) },
  },
});

export const getProjectOperation = defineOperation({
  method: "GET",
  path: "/api/v1/projects/{id}",
  tag: "Projects",
  summary: "Read a project",
  auth: "optional",
  cache: "public",
  // The anonymous answer is the cached row through projectAccess and presentProject: nothing else.
  revalidateEarly: true,
  versioned: true,
  params: idParams,
  responses: { 200: { description: "The project, with an ETag", schema: projectSchema }, 404: NOT_VISIBLE },
});

export const replaceProjectOperation = defineOperation({
  method: "PUT",
  path: "/api/v1/projects/{id}",
  reviewedContent: true,
  tag: "Projects",
  summary: "Replace the presentation of a project",
  description: "Fields left out are emptied. Status moves through the status endpoint, visibility through settings.",
  auth: "required",
  versioned: true,
  params: idParams,
  body: replacePresentationSchema,
  responses: PRESENTATION_WRITE_RESPONSES,
});

export const patchProjectOperation = defineOperation({
  method: "PATCH",
  path: "/api/v1/projects/{id}",
  reviewedContent: true,
  tag: "Projects",
  summary: "Change some presentation fields of a project",
  auth: "required",
  versioned: true,
  params: idParams,
  body: patchPresentationSchema,
  responses: PRESENTATION_WRITE_RESPONSES,
});

export const deleteProjectOperation = defineOperation({
  method: "DELETE",
  path: "/api/v1/projects/{id}",
  tag: "Projects",
  summary: "Delete a project",
  description:
    "By its Owner (project.delete) or the platform team, when the project is DRAFT, REJECTED or ARCHIVED. A Project lead can restore it for 30 days.",
  auth: "required",
  versioned: true,
  params: idParams,
  responses: {
    204: { description: "Deleted" },
    403: problem("Not allowed"),
    404: NOT_VISIBLE,
    412: problem("Stale If-Match"),
    422: problem("Not deletable in this status"),
  },
});

export const restoreProjectOperation = defineOperation({
  method: "POST",
  path: "/api/v1/projects/{id}/restore",
  tag: "Projects",
  summary: "Restore a deleted project (Project lead, within 30 days)",
  auth: "required",
  scope: "admin",
  params: idParams,
  responses: {
    200: { description: "The restored project", schema: projectSchema, headers: ["ETag"] },
    404: problem("No such deleted project"),
    422: problem("Restore window passed"),
  },
});

export const getProjectImageOperation = defineOperation({
  method: "GET",
  path: "/api/v1/projects/{id}/images/{kind}",
  tag: "Projects",
  summary: "The uploaded banner or logo",
  auth: "optional",
  params: imageParams,
  query: z.strictObject({ v: z.string().max(64).optional() }),
  responses: {
    200: { description: "The image, as uploaded; the ETag is its SHA-256", binary: IMAGE_TYPES, headers: ["ETag"] },
    404: problem("No uploaded image, or the project is not visible"),
  },
});

export const uploadProjectImageOperation = defineOperation({
  method: "PUT",
  path: "/api/v1/projects/{id}/images/{kind}",
  reviewedContent: true,
  tag: "Projects",
  summary: "Upload the banner or logo",
  description: `Send the image itself as the body (${IMAGE_TYPES.join(", ")}, at most ${MAX_IMAGE_BYTES / 1024 / 1024} MiB). The project's bannerUrl or logoUrl then points at it.`,
  auth: "required",
  versioned: true,
  params: imageParams,
  fileBody: { contentTypes: IMAGE_TYPES },
  maxBodyBytes: MAX_IMAGE_BYTES,
  responses: { 200: { description: "The project", schema: projectSchema }, ...IMAGE_BODY_PROBLEMS },
});

export const getSettingsOperation = defineOperation({
  method: "GET",
  path: "/api/v1/projects/{id}/settings",
  tag: "Projects",
  summary: "Read visibility and settings",
  auth: "required",
  versioned: true,
  params: idParams,
  responses: { 200: { description: "Settings", schema: projectSettingsViewSchema }, ...guardedBy("project.settings", NOT_VISIBLE) },
});

export const updateSettingsOperation = defineOperation({
  method: "PUT",
  path: "/api/v1/projects/{id}/settings",
  reviewedContent: true,
  tag: "Projects",
  summary: "Change visibility and settings",
  auth: "required",
  versioned: true,
  params: idParams,
  body: updateSettingsSchema,
  responses: {
    200: { description: "Settings", schema: projectSettingsViewSchema },
    ...guardedBy("project.settings", NOT_VISIBLE),
    412: problem("Stale If-Match"),
  },
});

export const getModulesOperation = defineOperation({
  method: "GET",
  path: "/api/v1/projects/{id}/modules",
  tag: "Projects",
  summary: "The enabled modules and every module there is",
  auth: "required",
  versioned: true,
  params: idParams,
  responses: { 200: { description: "Modules", schema: modulesViewSchema }, 404: NOT_VISIBLE },
});

export const updateModulesOperation = defineOperation({
  method: "PUT",
  path: "/api/v1/projects/{id}/modules",
  reviewedContent: true,
  tag: "Projects",
  summary: "Set the enabled modules",
  description: "Disabling a module hides it and keeps its data. HOSTING is listed but cannot be enabled yet (422).",
  auth: "required",
  versioned: true,
  params: idParams,
  body: updateModulesSchema,
  responses: {
    200: { description: "Modules", schema: modulesViewSchema },
    ...guardedBy("project.settings", NOT_VISIBLE),
    422: problem("Module not available yet"),
  },
});

export const listSupportLinksOperation = defineOperation({
  method: "GET",
  path: "/api/v1/projects/{id}/support-links",
  tag: "Projects",
  summary: "The project's support and donation links",
  description:
    "Module CREATOR_SUPPORT, for whoever can see the project. Links to Patreon, Ko-fi, GitHub Sponsors, PayPal, Open Collective, Buy Me a Coffee and Liberapay carry their `platform`; other links have `platform: null`. The team edits them in the project settings (`settings.supportLinks`).",
  auth: "optional",
  params: idParams,
  responses: { 200: listOf("The links, in the team's order", supportLinkViewSchema), 404: projectModuleNotVisible("Creator support") },
});

export const setProjectTrustOperation = defineOperation({
  method: "PUT",
  path: "/api/v1/projects/{id}/trust",
  ifMatch: "optional",
  tag: "Review",
  summary: "Mark a project trusted, or lift it, with a reason (projects.review)",
  description:
    "A trusted project's team publishes releases directly, without release review (each such release still lands on the change list). Audited with the reason; reversible. Reviewers on the project's team get 403. Optional If-Match with the project's ETag (412 when stale).",
  auth: "required",
  scope: "admin",
  params: idParams,
  body: trustSchema,
  responses: {
    200: { description: "The project", schema: projectSchema, headers: ["ETag"] },
    403: problem("Not a reviewer, or on the project's team"),
    404: NOT_VISIBLE,
    412: problem("If-Match names an older version"),
  },
});
