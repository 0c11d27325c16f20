import { z } from "zod";
import {
  guardedBy,
  idParams,
  idSchema,
  ifMatchProblems,
  INVALID_CURSOR,
  INVALID_FIELDS,
  operationsOf,
  pageOf,
  problem,
} from "../http/operation";
import { paginationQuerySchema } from "../http/pagination";
import { pageInputSchema, pageSummarySchema, projectPageSchema } from "./schemas";

const pageParams = z.strictObject({ id: idSchema, pageSlug: z.string().min(1).max(60) });
const NOT_VISIBLE = problem(
  "No such project, not visible to you, its Project pages module is off, or (APPLICATION_ONLY) you are not a member",
);
const PAGE_NOT_VISIBLE = problem("No such page, or not visible to you");
/** Markdown of up to 50,000 characters, each up to 4 bytes, plus the other fields and JSON escapes. */
const MAX_PAGE_REQUEST_BYTES = 256 * 1024;
const TOO_LARGE = problem("The request is too large");
/**
 * Replacing a page and deleting it refuse alike: 403 without pages.manage, 404 for a page the caller
 * cannot see, 412 when the page changed since its ETag was read, 428 without If-Match.
 */
const PAGE_WRITE_REFUSALS = {
  ...guardedBy("pages.manage", PAGE_NOT_VISIBLE),
  ...ifMatchProblems("Stale If-Match: the page changed meanwhile"),
};

const { anyone, signedIn } = operationsOf("Pages");

export const listPagesOperation = anyone.get("/api/v1/projects/{id}/pages", {
  summary: "The project's pages, in order",
  description:
    "Module PROJECT_PAGES. Whoever can see the project reads its pages, except on APPLICATION_ONLY projects, where pages are for members. Ordered by `position`, then `slug`; the list has no bodies: read a page for its `body` and `html`.",
  cache: "public",
  params: idParams,
  query: paginationQuerySchema,
  responses: { 200: pageOf("A page of project pages", pageSummarySchema), 400: INVALID_CURSOR, 404: NOT_VISIBLE },
});

export const createPageOperation = signedIn.post("/api/v1/projects/{id}/pages", {
  reviewedContent: true,
  summary: "Add a page",
  description: `Needs pages.manage. \`body\` is Markdown; reads return it with \`html\`, rendered and sanitized (no scripts, event handlers, styles, frames, SVG; links http(s) and mailto, images https only). At most 50 pages per project.`,
  idempotent: true,
  maxBodyBytes: MAX_PAGE_REQUEST_BYTES,
  params: idParams,
  body: pageInputSchema,
  responses: {
    201: { description: "The new page, with an ETag", schema: projectPageSchema, headers: ["Location", "ETag"] },
    400: INVALID_FIELDS,
    ...guardedBy("pages.manage", NOT_VISIBLE),
    409: problem("The project already has a page at this slug, or the project is in review (`in_review`)"),
    413: TOO_LARGE,
    422: problem("The project has 50 pages already"),
  },
});

export const getPageOperation = anyone.get("/api/v1/projects/{id}/pages/{pageSlug}", {
  summary: "Read a page",
  cache: "public",
  versioned: true,
  params: pageParams,
  responses: { 200: { description: "The page with its sanitized HTML, and an ETag", schema: projectPageSchema }, 404: PAGE_NOT_VISIBLE },
});

export const replacePageOperation = signedIn.put("/api/v1/projects/{id}/pages/{pageSlug}", {
  reviewedContent: true,
  summary: "Replace a page",
  description: "Needs pages.manage and the page's ETag in If-Match. A different `slug` moves the page to that address.",
  versioned: true,
  maxBodyBytes: MAX_PAGE_REQUEST_BYTES,
  params: pageParams,
  body: pageInputSchema,
  responses: {
    200: { description: "The page, with its new ETag", schema: projectPageSchema },
    400: INVALID_FIELDS,
    ...PAGE_WRITE_REFUSALS,
    409: problem("Another page of the project has the new slug, or the project is in review (`in_review`)"),
    413: TOO_LARGE,
  },
});

export const deletePageOperation = signedIn.delete("/api/v1/projects/{id}/pages/{pageSlug}", {
  reviewedContent: true,
  summary: "Delete a page",
  versioned: true,
  params: pageParams,
  responses: {
    204: { description: "Deleted" },
    ...PAGE_WRITE_REFUSALS,
  },
});
