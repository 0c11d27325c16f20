import semver from "semver";
import { z } from "zod";
import { fileSchema } from "../downloads/schemas";
import { paginationQuerySchema } from "../http/pagination";
import { isShallowMarkdown, MARKDOWN_TOO_DEEP } from "../markdown/schemas";
import { RELEASE_CHANNELS, RELEASE_STATES } from "../permissions";
import { reviewDecisionSchema } from "../projects/review-decision";

/** Release fields, shared by the API, the portal's forms and the OpenAPI document. */

export const MAX_CHANGELOG = 20_000;

/** semver.org's own pattern of a version (2.0.0), without its capturing groups. */
const SEMVER_PATTERN =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*)?(?:\+[0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*)?$/;

/**
 * A semantic version (semver.org 2.0.0), as written: `1.2.0`, `2.0.0-beta.1`. No leading `v`. The
 * pattern states it in the OpenAPI document; semver itself also keeps each number in range.
 */
export const semverSchema = z
  .string()
  .trim()
  .min(1, "Enter a version such as 1.0.0.")
  .max(64, "Use at most 64 characters.")
  .regex(SEMVER_PATTERN, { message: "Use a semantic version such as 1.2.0 or 2.0.0-beta.1.", abort: true })
  .refine((value) => /^\d/.test(value) && semver.valid(value) !== null, "Use a semantic version such as 1.2.0 or 2.0.0-beta.1.");

const titleSchema = z.string().trim().min(1, "Give the release a title.").max(120, "Use at most 120 characters.");
const changelogSchema = z
  .string()
  .max(MAX_CHANGELOG, `Use at most ${MAX_CHANGELOG} characters.`)
  .refine(isShallowMarkdown, MARKDOWN_TOO_DEEP);

export const createReleaseSchema = z.strictObject({
  version: semverSchema,
  title: titleSchema,
  changelog: changelogSchema.default(""),
  channel: z.enum(RELEASE_CHANNELS, "Choose STABLE, BETA or ALPHA.").default("STABLE"),
});
export type CreateReleaseInput = z.infer<typeof createReleaseSchema>;

/**
 * PATCH: any of the fields; `state` moves DRAFT -> PUBLISHED (trusted projects) -> YANKED, and an
 * IN_REVIEW or REJECTED release back to DRAFT; version and channel only while a draft.
 */
export const updateReleaseSchema = z
  .strictObject({
    version: semverSchema.optional(),
    title: titleSchema.optional(),
    changelog: changelogSchema.optional(),
    channel: z.enum(RELEASE_CHANNELS, "Choose STABLE, BETA or ALPHA.").optional(),
    state: z.enum(["PUBLISHED", "YANKED", "DRAFT"], "Choose PUBLISHED, YANKED or DRAFT.").optional(),
  })
  .refine((input) => Object.keys(input).length > 0, { message: "Change at least one field." });
export type UpdateReleaseInput = z.infer<typeof updateReleaseSchema>;

/** The Releases tab's changelog preview: the text as it would be saved. */
export const changelogPreviewSchema = z.strictObject({ changelog: changelogSchema });

export const listReleasesQuerySchema = paginationQuerySchema.extend({
  channel: z.enum(RELEASE_CHANNELS, "Unknown channel.").optional(),
  state: z.enum(RELEASE_STATES, "Unknown state.").optional(),
});
export type ListReleasesQuery = z.infer<typeof listReleasesQuerySchema>;

/** What a release reviewer checks; approval needs every item passed. */
export const RELEASE_CHECKLIST_ITEMS = {
  quality: "Quality: the release works as described, its changelog and files match",
  security: "Security: the files are free of malware and do nothing players would not expect",
} as const;

/** POST /reviews/releases/{releaseId}/decision. */
export const releaseDecisionSchema = reviewDecisionSchema(RELEASE_CHECKLIST_ITEMS, "Tell the team why the release is rejected.");
export type ReleaseDecisionInput = z.infer<typeof releaseDecisionSchema>;

/** The team's view of the latest release review decision (never the internal note). */
export const releaseReviewOutcomeSchema = z.object({
  decision: z.enum(["APPROVE", "REJECT"]),
  publicReason: z.string().nullable(),
  at: z.iso.datetime(),
});

export const releaseSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  version: z.string(),
  title: z.string(),
  changelog: z.string(),
  channel: z.enum(RELEASE_CHANNELS),
  state: z.enum(RELEASE_STATES),
  publishedAt: z.iso.datetime().nullable(),
  submittedAt: z.iso.datetime().nullable().describe("When the release was last submitted for release review."),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** The optimistic-lock number: the ETag is `"v<revision>"`, sent back in If-Match. */
  revision: z.number().int(),
  files: z.array(fileSchema),
  review: releaseReviewOutcomeSchema
    .nullable()
    .describe(
      "The latest release review decision, for the team that sees drafts (releases.manage); null for everyone else and before any decision.",
    ),
});
export type ReleaseView = z.infer<typeof releaseSchema>;
