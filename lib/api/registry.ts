import * as account from "../account/operations";
import * as applications from "../applications/operations";
import * as audit from "../audit/operations";
import * as deviceSignIn from "../device-sign-in/operations";
import * as downloads from "../downloads/operations";
import type { Operation } from "../http/operation";
import * as invitations from "../invitations/operations";
import * as launcher from "../launcher/operations";
import * as members from "../members/operations";
import * as messages from "../messages/operations";
import * as notifications from "../notifications/operations";
import * as pages from "../pages/operations";
import * as privacy from "../privacy/operations";
import * as projects from "../projects/operations";
import * as releases from "../releases/operations";
import * as reviews from "../reviews/operations";
import * as system from "../system/operations";
import * as users from "../users/operations";
import * as warnings from "../warnings/operations";
import * as webhooks from "../webhooks/operations";

/** Sections of the API reference, in reading order, with what each holds. */
export const TAGS: Record<string, string> = {
  System: "Health, readiness and this document.",
  Authentication:
    "Registration, e-mail confirmation, personal access tokens from a password, and device sign-in (RFC 8628) for clients without a browser.",
  Users: "The caller's own account, public profiles and, for staff, user administration.",
  "Data rights": "Downloading everything held about the own account, and deleting accounts (docs/privacy.md).",
  "Account security": "Password change, sessions, devices, login history and two-factor sign-in of the caller's account.",
  Tokens: "The caller's personal access tokens.",
  Notifications: "In-portal notifications of the caller.",
  Projects: "Projects: presentation, settings, modules, images, deletion and restore.",
  Team: "Members, invitations, project roles and ownership of a project.",
  Applications: "Applying to projects, the team's decisions, leaving and memberships.",
  Releases: "A project's releases: versions, channels, drafts, publishing and yanking (DOWNLOADS module).",
  Downloads: "Uploading and downloading a project's files (DOWNLOADS module).",
  Launcher: "A project's launcher integration, and the launcher API: projects and manifests.",
  Pages: "A project's Markdown pages (module PROJECT_PAGES), served with sanitized HTML.",
  Messages: "A project's announcements (module MESSAGES).",
  Review: "The status workflow, the review queue and review decisions.",
  Webhooks:
    "Webhooks of a project and of the platform: signed deliveries of events (Standard Webhooks), the delivery log, redelivery and ping.",
  Administration: "Warnings, partner history and the audit log (platform team).",
};
const TAG_ORDER = Object.keys(TAGS);
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

const MODULES = [
  system,
  users,
  deviceSignIn,
  account,
  privacy,
  notifications,
  projects,
  members,
  invitations,
  applications,
  releases,
  downloads,
  launcher,
  pages,
  messages,
  reviews,
  webhooks,
  warnings,
  audit,
];

/** The export name of each operation without "Operation": its default operationId (`listProjects`). */
export const OPERATION_NAMES = new Map<Operation, string>(
  MODULES.flatMap((module) => Object.entries(module) as [string, Operation][]).map(([name, operation]) => [
    operation,
    name.replace(/Operation$/, ""),
  ]),
);

/** Every operation of the API. Add a domain's operations module here. */
export const OPERATIONS: Operation[] = [...OPERATION_NAMES.keys()].sort(
  (a, b) =>
    TAG_ORDER.indexOf(a.tag) - TAG_ORDER.indexOf(b.tag) ||
    a.path.localeCompare(b.path) ||
    METHODS.indexOf(a.method) - METHODS.indexOf(b.method),
);
