import { z } from "zod";
import { isShallowMarkdown, MARKDOWN_TOO_DEEP } from "../markdown/schemas";
import { SLUG_PATTERN } from "../projects/slug";

/** Project page fields, shared by the API, the portal's editor and the OpenAPI document. */

export const MAX_PAGE_BODY = 50_000;
export const MAX_PAGE_TITLE = 120;
export const MAX_PAGES_PER_PROJECT = 50;
export const MAX_PAGE_POSITION = 1000;
export const MAX_PAGE_SLUG = 60;

/** A page's address in the project: lower-case words joined by single hyphens (`getting-started`). */
export const pageSlugSchema = z
  .string()
  .trim()
  .min(1, "Give the page an address.")
  .max(MAX_PAGE_SLUG, `Use at most ${MAX_PAGE_SLUG} characters.`)
  .regex(SLUG_PATTERN, "Use lower-case letters, digits and single hyphens (e.g. getting-started).");

export const pageInputSchema = z.strictObject({
  slug: pageSlugSchema,
  title: z.string().trim().min(1, "Give the page a title.").max(MAX_PAGE_TITLE, `Use at most ${MAX_PAGE_TITLE} characters.`),
  /** Markdown. Raw HTML in it is sanitized on output like everything else. */
  body: z
    .string()
    .max(MAX_PAGE_BODY, `Use at most ${MAX_PAGE_BODY.toLocaleString("en")} characters.`)
    .refine(isShallowMarkdown, MARKDOWN_TOO_DEEP),
  /** Where the page goes among the project's pages: ascending, ties by slug. */
  position: z.int("Enter a whole number.").min(0, "Use 0 or more.").max(MAX_PAGE_POSITION, `Use at most ${MAX_PAGE_POSITION}.`).default(0),
});
export type PageInput = z.output<typeof pageInputSchema>;
export type PageFormValues = z.input<typeof pageInputSchema>;

/** The preview of the portal's editor: the body alone. */
export const pagePreviewSchema = z.strictObject({ body: pageInputSchema.shape.body });

export const pageSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  position: z.int(),
  version: z.int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type PageSummary = z.infer<typeof pageSummarySchema>;

export const projectPageSchema = pageSummarySchema.extend({
  id: z.string(),
  projectId: z.string(),
  body: z.string(),
  /** The body rendered to sanitized HTML. */
  html: z.string(),
});
export type PageView = z.infer<typeof projectPageSchema>;
