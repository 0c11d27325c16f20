import { z } from "zod";
import { IMAGE_TYPES } from "../files/store";
import {
  guardedBy,
  idParams,
  idSchema,
  ifMatchProblems,
  IMAGE_BODY_PROBLEMS,
  INVALID_FIELDS,
  imageVersionQuery,
  listOf,
  NOT_AN_OUTSIDE_REVIEWER,
  OLDER_IF_MATCH,
  operationsOf,
  pageOf,
  problem,
  PROJECT_NOT_VISIBLE,
  projectModuleNotVisible,
  STALE_IF_MATCH,
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

const imageParams = z.strictObject({ id: idSchema, kind: z.enum(IMAGE_KINDS) });
/** Replacing the presentation and changing some of its fields answer alike. */
const PRESENTATION_WRITE_RESPONSES = {
  200: { description: "The project", schema: projectSchema },
  ...guardedBy("project.edit", PROJECT_NOT_VISIBLE),
  ...ifMatchProblems(),
};

/** Reading the settings and changing them answer the same view; so do reading and setting the modules. */
const SETTINGS = { description: "Settings", schema: projectSettingsViewSchema };
const MODULES = { description: "Modules", schema: modulesViewSchema };

const { anyone, signedIn, staff } = operationsOf("Projects");

const reviewStaff = operationsOf("Review").staff;

export const listProjectsOperation = anyone.get("/api/v1/projects", {
  summary: "List the projects you may see",
  description:
    "Anonymous callers see published and archived PUBLIC and APPLICATION_ONLY projects; members also their own projects in any status; staff with projects.readAny every project. `member=me` lists only your projects.",
  cache: "public",
  query: listProjectsQuerySchema,
  responses: { 200: pageOf("A page of projects", projectSchema), 400: problem("Invalid filter or cursor") },
});

export const createProjectOperation = signedIn.post("/api/v1/projects", {
  summary: "Create a project (as a DRAFT)",
  description:
    "Needs projects.create (partners: ACTIVE partner status). The creating partner becomes Owner; staff name the owning partner in `ownerId`. " +
    "`slug` is the project's address; left out, it is made from the name.",
  idempotent: true,
  body: createProjectSchema,
  responses: {
    201: { description: "The new project", schema: projectSchema, headers: ["Location", "ETag"] },
    400: INVALID_FIELDS,
    403: problem("Not allowed to create projects"),
    409: problem("The chosen `slug` is taken (`slug_taken`)"),
    422: problem("A module that is not available yet"),
  },
});

export const listDeletedProjectsOperation = staff.get("/api/v1/projects/deleted", {
  summary: "Deleted projects that can still be restored (Project lead)",
  responses: {
    200: listOf("Deleted projects", projectSchema.extend({ deletedAt: z.iso.datetime() })),
  },
});

export const getProjectOperation = anyone.get("/api/v1/projects/{id}", {
  summary: "Read a project",
  cache: "public",
  // The anonymous answer is the cached row through projectAccess and presentProject: nothing else.
  revalidateEarly: true,
  versioned: true,
  params: idParams,
  responses: { 200: { description: "The project, with an ETag", schema: projectSchema }, 404: PROJECT_NOT_VISIBLE },
});

export const replaceProjectOperation = signedIn.put("/api/v1/projects/{id}", {
  reviewedContent: true,
  summary: "Replace the presentation of a project",
  description: "Fields left out are emptied. Status moves through the status endpoint, visibility through settings.",
  versioned: true,
  params: idParams,
  body: replacePresentationSchema,
  responses: PRESENTATION_WRITE_RESPONSES,
});

export const patchProjectOperation = signedIn.patch("/api/v1/projects/{id}", {
  reviewedContent: true,
  summary: "Change some presentation fields of a project",
  versioned: true,
  params: idParams,
  body: patchPresentationSchema,
  responses: PRESENTATION_WRITE_RESPONSES,
});

export const deleteProjectOperation = signedIn.delete("/api/v1/projects/{id}", {
  summary: "Delete a project",
  description:
    "By its Owner (project.delete) or the platform team, when the project is DRAFT, REJECTED or ARCHIVED. A Project lead can restore it for 30 days.",
  versioned: true,
  params: idParams,
  responses: {
    204: { description: "Deleted" },
    403: problem("Not allowed"),
    404: PROJECT_NOT_VISIBLE,
    412: STALE_IF_MATCH,
    422: problem("Not deletable in this status"),
  },
});

export const restoreProjectOperation = staff.post("/api/v1/projects/{id}/restore", {
  summary: "Restore a deleted project (Project lead, within 30 days)",
  params: idParams,
  responses: {
    200: { description: "The restored project", schema: projectSchema, headers: ["ETag"] },
    404: problem("No such deleted project"),
    422: problem("Restore window passed"),
  },
});

export const getProjectImageOperation = anyone.get("/api/v1/projects/{id}/images/{kind}", {
  summary: "The uploaded banner or logo",
  params: imageParams,
  query: imageVersionQuery,
  responses: {
    200: { description: "The image, as uploaded; the ETag is its SHA-256", binary: IMAGE_TYPES, headers: ["ETag"] },
    404: problem("No uploaded image, or the project is not visible"),
  },
});

export const uploadProjectImageOperation = signedIn.put("/api/v1/projects/{id}/images/{kind}", {
  reviewedContent: true,
  summary: "Upload the banner or logo",
  description: `Send the image itself as the body (${IMAGE_TYPES.join(", ")}, at most ${MAX_IMAGE_BYTES / 1024 / 1024} MiB). The project's bannerUrl or logoUrl then points at it.`,
  versioned: true,
  params: imageParams,
  fileBody: { contentTypes: IMAGE_TYPES },
  maxBodyBytes: MAX_IMAGE_BYTES,
  responses: { 200: { description: "The project", schema: projectSchema }, ...IMAGE_BODY_PROBLEMS },
});

export const getSettingsOperation = signedIn.get("/api/v1/projects/{id}/settings", {
  summary: "Read visibility and settings",
  versioned: true,
  params: idParams,
  responses: { 200: SETTINGS, ...guardedBy("project.settings", PROJECT_NOT_VISIBLE) },
});

export const updateSettingsOperation = signedIn.put("/api/v1/projects/{id}/settings", {
  reviewedContent: true,
  summary: "Change visibility and settings",
  versioned: true,
  params: idParams,
  body: updateSettingsSchema,
  responses: {
    200: SETTINGS,
    ...guardedBy("project.settings", PROJECT_NOT_VISIBLE),
    412: STALE_IF_MATCH,
  },
});

export const getModulesOperation = signedIn.get("/api/v1/projects/{id}/modules", {
  summary: "The enabled modules and every module there is",
  versioned: true,
  params: idParams,
  responses: { 200: MODULES, 404: PROJECT_NOT_VISIBLE },
});

export const updateModulesOperation = signedIn.put("/api/v1/projects/{id}/modules", {
  reviewedContent: true,
  summary: "Set the enabled modules",
  description: "Disabling a module hides it and keeps its data. HOSTING is listed but cannot be enabled yet (422).",
  versioned: true,
  params: idParams,
  body: updateModulesSchema,
  responses: {
    200: MODULES,
    ...guardedBy("project.settings", PROJECT_NOT_VISIBLE),
    422: problem("Module not available yet"),
  },
});

export const listSupportLinksOperation = anyone.get("/api/v1/projects/{id}/support-links", {
  summary: "The project's support and donation links",
  description:
    "Module CREATOR_SUPPORT, for whoever can see the project. Links to Patreon, Ko-fi, GitHub Sponsors, PayPal, Open Collective, Buy Me a Coffee and Liberapay carry their `platform`; other links have `platform: null`. The team edits them in the project settings (`settings.supportLinks`).",
  params: idParams,
  responses: { 200: listOf("The links, in the team's order", supportLinkViewSchema), 404: projectModuleNotVisible("Creator support") },
});

export const setProjectTrustOperation = reviewStaff.put("/api/v1/projects/{id}/trust", {
  ifMatch: "optional",
  summary: "Mark a project trusted, or lift it, with a reason (projects.review)",
  description:
    "A trusted project's team publishes releases directly, without release review (each such release still lands on the change list). Audited with the reason; reversible. Reviewers on the project's team get 403. Optional If-Match with the project's ETag (412 when stale).",
  params: idParams,
  body: trustSchema,
  responses: {
    200: { description: "The project", schema: projectSchema, headers: ["ETag"] },
    403: NOT_AN_OUTSIDE_REVIEWER,
    404: PROJECT_NOT_VISIBLE,
    412: OLDER_IF_MATCH,
  },
});
