import { z } from "zod";
import { tokenSchema } from "../auth/schemas";
import { auditEntrySchema } from "../audit/schemas";
import { fileSchema } from "../downloads/schemas";
import { launcherKeysSchema, launcherProjectSchema, manifestSchema } from "../launcher/schemas";
import { memberSchema, roleSchema } from "../members/schemas";
import { notificationSchema } from "../notifications/service";
import { projectSchema } from "../projects/schemas";
import { releaseSchema } from "../releases/schemas";
import { historySchema, queueEntrySchema, reviewOutcomeSchema } from "../reviews/schemas";
import { fullUserSchema, ownAccountSchema, publicProfileSchema } from "../users/schemas";
import { warningSchema } from "../warnings/schemas";

const AT = "2026-11-20T09:30:00.000Z";

/**
 * The resources clients generate types for, by name: registered once, so the OpenAPI document
 * lists them under components.schemas and refers to them (`Project`, `User`, `Member`, ...).
 */
const NAMED: [z.ZodType, { id: string; description: string; example?: unknown }][] = [
  [
    projectSchema,
    {
      id: "Project",
      description: "A project's presentation, status, visibility and modules; `access` only for members and staff.",
      example: {
        id: "cm3p0project0000000001",
        slug: "skyforge-survival",
        name: "Skyforge Survival",
        description: "Survive on floating islands.",
        game: "Minecraft",
        category: "Survival",
        bannerUrl: null,
        logoUrl: "https://cdn.example.org/skyforge.png",
        websiteUrl: "https://skyforge.example.org",
        chatUrl: null,
        trailerUrl: null,
        status: "PUBLISHED",
        visibility: "PUBLIC",
        modules: ["DOWNLOADS", "LAUNCHER"],
        trusted: false,
        createdAt: AT,
        updatedAt: AT,
      },
    },
  ],
  [
    publicProfileSchema,
    {
      id: "UserProfile",
      description: "What everyone may see of a user.",
      example: { id: "cm3p0user00000000000001", username: "pia.partner", displayName: "Pia Partner", avatarUrl: null },
    },
  ],
  [ownAccountSchema, { id: "Account", description: "The caller's own account." }],
  [fullUserSchema, { id: "User", description: "A user's full record (staff with users.readAny)." }],
  [
    memberSchema,
    {
      id: "Member",
      description: "A member of a project's team with their project role.",
      example: {
        userId: "cm3p0user00000000000002",
        username: "max.member",
        displayName: "Max Member",
        avatarUrl: null,
        role: { id: "cm3p0role00000000000001", key: "MODERATOR", name: "Moderator", rank: 50 },
        joinedAt: AT,
      },
    },
  ],
  [
    roleSchema,
    {
      id: "Role",
      description: "A project role: a named set of project permissions with a rank.",
      example: {
        id: "cm3p0role00000000000001",
        key: "MODERATOR",
        name: "Moderator",
        rank: 50,
        permissions: ["project.view", "members.view", "applications.view", "applications.decide"],
        custom: false,
        memberCount: 2,
      },
    },
  ],
  [
    releaseSchema,
    {
      id: "Release",
      description: "A release of a project: semantic version, channel, state and its files. `revision` is the number in its ETag.",
      example: {
        id: "cm3p0release00000000001",
        projectId: "cm3p0project0000000001",
        version: "1.0.1",
        title: "Island update",
        changelog: "- Three new islands",
        channel: "STABLE",
        state: "PUBLISHED",
        publishedAt: AT,
        submittedAt: AT,
        createdAt: AT,
        updatedAt: AT,
        revision: 3,
        files: [],
        review: { decision: "APPROVE", publicReason: null, at: AT },
      },
    },
  ],
  [
    fileSchema,
    {
      id: "File",
      description: "An uploaded file: size and sha256 measured while it streamed in; `url` downloads it.",
      example: {
        id: "cm3p0file00000000000001",
        name: "skyforge-client-1.0.1.zip",
        kind: "SOFTWARE",
        size: 84000,
        sha256: "5b0c9d1e0f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4",
        releaseId: "cm3p0release00000000001",
        downloadCount: 12,
        createdAt: AT,
        url: "/api/v1/projects/cm3p0project0000000001/files/cm3p0file00000000000001/download",
        path: null,
        platforms: null,
        extract: true,
        entryCount: 214,
      },
    },
  ],
  [
    launcherProjectSchema,
    { id: "LauncherProject", description: "A project the launcher offers, with its offers and current STABLE version." },
  ],
  [
    manifestSchema,
    {
      id: "LauncherManifest",
      description: "What a launcher needs to install, update, repair and start a project, signed (manifest version 2, docs/launcher.md).",
    },
  ],
  [launcherKeysSchema, { id: "LauncherKeys", description: "The public keys that sign launcher manifests (Ed25519)." }],
  [tokenSchema, { id: "Token", description: "A personal access token (the secret itself is shown only when created)." }],
  [notificationSchema, { id: "Notification", description: "An in-portal notification." }],
  [warningSchema, { id: "Warning", description: "An internal warning about a user (platform team only)." }],
  [auditEntrySchema, { id: "AuditEntry", description: "One audited change: who, what, the changed fields." }],
  [historySchema, { id: "ReviewHistory", description: "A project's status transitions, public review outcomes and next possible moves." }],
  [reviewOutcomeSchema, { id: "Review", description: "The public outcome of one review." }],
  [queueEntrySchema, { id: "ReviewQueueEntry", description: "A project waiting for review, with its position and claim." }],
];

for (const [schema, meta] of NAMED) if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, meta);
