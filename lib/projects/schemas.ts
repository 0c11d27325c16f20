import { z } from "zod";
import { idSchema } from "../http/operation";
import { paginationQuerySchema } from "../http/pagination";
import { PROJECT_STATUSES, PROJECT_VISIBILITIES } from "../permissions";
import { httpsUrlSchema } from "../users/schemas";
import { PROJECT_SLUG_MAX, RESERVED_PROJECT_SLUGS, SLUG_PATTERN } from "./slug";
import { supportLinksSchema } from "./support-links";

/** Project fields, shared by the API, the portal's forms and the OpenAPI document. */

export const PROJECT_MODULES = {
  APPLICATIONS: {
    label: "Applications",
    description: "Users apply to join the team; members with the right role decide.",
    available: true,
  },
  LAUNCHER: {
    label: "Launcher integration",
    description: "Install, update, repair and start the game from the platform launcher.",
    available: true,
    /** The launcher installs the project's downloads: without them it has nothing to install. */
    requires: {
      modules: ["DOWNLOADS"],
      message:
        "The launcher needs the Releases and downloads module (DOWNLOADS): it installs the project's downloads. Turn that module on too.",
    },
  },
  DOWNLOADS: { label: "Downloads", description: "Offer launcher files, modpacks, software and updates.", available: true },
  HOSTING: { label: "Hosting", description: "Server hosting by the platform. Coming later: it cannot be enabled yet.", available: false },
  CREATOR_SUPPORT: { label: "Creator support", description: "Support and donation links on the project page.", available: true },
  PROJECT_PAGES: { label: "Project pages", description: "Extra pages written in Markdown.", available: true },
  MESSAGES: { label: "Messages", description: "Announcements to the project's audience.", available: true },
} as const;
export type ProjectModuleName = keyof typeof PROJECT_MODULES;
export const MODULE_NAMES = Object.keys(PROJECT_MODULES) as [ProjectModuleName, ...ProjectModuleName[]];

interface ModuleRequirement {
  modules: readonly ProjectModuleName[];
  message: string;
}

/** Modules that are on although a module they need is off, each with what it needs and the message that says so. */
export function unmetModuleRequirements(modules: readonly string[]): ({ module: ProjectModuleName } & ModuleRequirement)[] {
  return MODULE_NAMES.flatMap((module) => {
    const requires =
      "requires" in PROJECT_MODULES[module] ? (PROJECT_MODULES[module] as { requires: ModuleRequirement }).requires : undefined;
    return modules.includes(module) && requires?.modules.some((needed) => !modules.includes(needed)) ? [{ module, ...requires }] : [];
  });
}

/** A module list to switch to: known modules, each with the modules it needs. */
const moduleListSchema = z
  .array(z.enum(MODULE_NAMES, "Unknown module."))
  .max(MODULE_NAMES.length)
  .superRefine((modules, context) => {
    for (const { message } of unmetModuleRequirements(modules)) context.addIssue({ code: "custom", message });
  });

const text = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);

export const projectNameSchema = z.string().trim().min(2, "Use at least 2 characters.").max(80, "Use at most 80 characters.");

/** The project's address (`/projects/<slug>`), chosen at creation; derived from the name when left out. */
export const projectSlugSchema = z
  .string()
  .trim()
  .min(1, "Give the project an address.")
  .max(PROJECT_SLUG_MAX, `Use at most ${PROJECT_SLUG_MAX} characters.`)
  .regex(SLUG_PATTERN, "Use lower-case letters, digits and single hyphens (e.g. skyforge-survival).")
  .refine((slug) => !RESERVED_PROJECT_SLUGS.has(slug), "This address is reserved. Choose another.");

/** An image is an https address or the address of a file uploaded for this project. */
export const imageUrlSchema = z.union(
  [httpsUrlSchema, z.string().regex(/^\/api\/v1\/projects\/[\w-]+\/images\/(banner|logo)\?v=[\w-]+$/)],
  {
    error: "Enter an https:// address or upload an image.",
  },
);

/** The presentation fields a team edits (status and visibility move elsewhere). */
export const presentationSchema = z.strictObject({
  name: projectNameSchema,
  description: text(5000),
  game: text(80),
  category: text(80),
  bannerUrl: imageUrlSchema.nullable(),
  logoUrl: imageUrlSchema.nullable(),
  websiteUrl: httpsUrlSchema.nullable(),
  chatUrl: httpsUrlSchema.nullable(),
  trailerUrl: httpsUrlSchema.nullable(),
});
export type PresentationInput = z.infer<typeof presentationSchema>;

/** PUT replaces the presentation: fields left out are emptied. */
export const replacePresentationSchema = presentationSchema.extend({
  description: presentationSchema.shape.description.default(""),
  game: presentationSchema.shape.game.default(""),
  category: presentationSchema.shape.category.default(""),
  bannerUrl: presentationSchema.shape.bannerUrl.default(null),
  logoUrl: presentationSchema.shape.logoUrl.default(null),
  websiteUrl: presentationSchema.shape.websiteUrl.default(null),
  chatUrl: presentationSchema.shape.chatUrl.default(null),
  trailerUrl: presentationSchema.shape.trailerUrl.default(null),
});

/** PATCH merges: only the fields sent change. */
export const patchPresentationSchema = presentationSchema.partial();

export const createProjectSchema = replacePresentationSchema.extend({
  slug: projectSlugSchema
    .optional()
    .describe("The project's address; left out, it is made from the name (with a short suffix when taken)."),
  visibility: z.enum(PROJECT_VISIBILITIES).default("PUBLIC"),
  modules: moduleListSchema.default([]),
  /** Staff who are not ACTIVE partners name the partner who will own the project. */
  ownerId: idSchema.optional(),
});
export type CreateProjectInput = z.infer<typeof createProjectSchema>;

export const projectSettingsSchema = z.strictObject({
  applicationsOpen: z.boolean().default(true),
  applicationPrompt: text(1000).default(""),
  /** Roles an applicant may ask for (ids of this project's roles, never Owner); empty: no choice offered. */
  offeredRoleIds: z.array(idSchema).max(20, "Offer at most 20 roles.").default([]),
  /** Creator support links (module CREATOR_SUPPORT): https only, known platforms labelled. */
  supportLinks: supportLinksSchema,
  contactEmail: z.union([z.literal(""), z.email("Enter a valid e-mail address.").max(254)]).default(""),
  /** Published BETA and ALPHA releases are shown to everyone who sees the downloads (DOWNLOADS module). */
  offerPrereleases: z.boolean().default(false),
});
export type ProjectSettings = z.infer<typeof projectSettingsSchema>;
export const DEFAULT_PROJECT_SETTINGS: ProjectSettings = projectSettingsSchema.parse({});

export const updateSettingsSchema = z.strictObject({
  visibility: z.enum(PROJECT_VISIBILITIES),
  settings: projectSettingsSchema,
});

export const updateModulesSchema = z.strictObject({
  modules: moduleListSchema,
});

export const PROJECT_SORTS = ["newest", "oldest", "name"] as const;

export const listProjectsQuerySchema = z.strictObject({
  status: z.enum(PROJECT_STATUSES).optional(),
  visibility: z.enum(PROJECT_VISIBILITIES).optional(),
  game: z.string().trim().min(1).max(80).optional(),
  category: z.string().trim().min(1).max(80).optional(),
  q: z.string().trim().min(1).max(100).optional(),
  member: z.literal("me").optional(),
  sort: z.enum(PROJECT_SORTS).default("newest"),
  limit: paginationQuerySchema.shape.limit,
  cursor: z.string().max(300).optional(),
});
export type ListProjectsQuery = z.infer<typeof listProjectsQuerySchema>;

export const projectSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  game: z.string(),
  category: z.string(),
  bannerUrl: z.string().nullable(),
  logoUrl: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  chatUrl: z.string().nullable(),
  trailerUrl: z.string().nullable(),
  status: z.enum(PROJECT_STATUSES),
  visibility: z.enum(PROJECT_VISIBILITIES),
  modules: z.array(z.enum(MODULE_NAMES)),
  trusted: z
    .boolean()
    .describe("A trusted project's team publishes releases without release review (PUT /projects/{id}/trust, platform team)."),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** What the caller may do here; only for members and staff. */
  access: z
    .object({
      role: z.object({ id: z.string(), key: z.string().nullable(), name: z.string() }).nullable(),
      permissions: z.array(z.string()),
      override: z.boolean(),
    })
    .optional(),
});
export type ProjectView = z.infer<typeof projectSchema>;

/** A project named on another record (an invitation, an application, the data export): its id, slug and name. */
export const projectRefSchema = projectSchema.pick({ id: true, slug: true, name: true });

export const projectSettingsViewSchema = z.object({ visibility: z.enum(PROJECT_VISIBILITIES), settings: projectSettingsSchema });
export const modulesViewSchema = z.object({
  modules: z.array(z.enum(MODULE_NAMES)),
  available: z.array(
    z.object({ module: z.enum(MODULE_NAMES), label: z.string(), description: z.string(), enabled: z.boolean(), available: z.boolean() }),
  ),
});

/** The portal's create form: the essentials; images and links come on the presentation page. */
export const createProjectFormSchema = z.strictObject({
  name: projectNameSchema,
  slug: projectSlugSchema,
  description: text(5000),
  game: text(80),
  category: text(80),
  visibility: z.enum(PROJECT_VISIBILITIES),
  modules: z.array(z.enum(MODULE_NAMES)).max(MODULE_NAMES.length),
  /** Staff who are not partners name the owning partner. */
  ownerUsername: z.string().trim().max(32),
});
export type CreateProjectFormValues = z.input<typeof createProjectFormSchema>;

/** The portal's presentation form: empty text means "none". The images have their own control (uploaded, never typed). */
export const presentationFormSchema = z.strictObject({
  name: projectNameSchema,
  description: text(5000),
  game: text(80),
  category: text(80),
  websiteUrl: z.union([z.literal(""), httpsUrlSchema]),
  chatUrl: z.union([z.literal(""), httpsUrlSchema]),
  trailerUrl: z.union([z.literal(""), httpsUrlSchema]),
  version: z.int().min(1),
});
export type PresentationFormValues = z.input<typeof presentationFormSchema>;

export function presentationFormToInput(values: z.output<typeof presentationFormSchema>): Omit<PresentationInput, "bannerUrl" | "logoUrl"> {
  const orNull = (value: string) => value || null;
  return {
    name: values.name,
    description: values.description,
    game: values.game,
    category: values.category,
    websiteUrl: orNull(values.websiteUrl),
    chatUrl: orNull(values.chatUrl),
    trailerUrl: orNull(values.trailerUrl),
  };
}

/** PUT /projects/{id}/trust: set or lift trust, always with the reason (kept on the project and in the audit log). */
export const trustSchema = z.strictObject({
  trusted: z.boolean(),
  reason: z.string().trim().min(1, "Give the reason for this decision.").max(2000, "Use at most 2000 characters."),
});
export type TrustInput = z.infer<typeof trustSchema>;
