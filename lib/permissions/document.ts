import { PERSONAL_USER_FIELDS } from "./audit";
import {
  PLATFORM_PERMISSION_SCOPES,
  PLATFORM_PERMISSIONS,
  PLATFORM_ROLE_INFO,
  PLATFORM_ROLES,
  platformPermissions,
  TOKEN_SCOPES,
  type PlatformPermission,
  type TokenScope,
} from "./platform";
import { DEFAULT_PROJECT_ROLES, DEFAULT_ROLE_KEYS, OWNER_ONLY_PERMISSIONS, PROJECT_PERMISSIONS, type ProjectPermission } from "./project";
import { RELEASE_TRANSITIONS, RELEASE_STATES } from "./releases";
import { TRANSITIONS } from "./status";

/** docs/permissions.md, generated from the permission library (npm run docs:permissions). */
export function renderPermissionsDoc(): string {
  const platformHeader = `| permission | ${PLATFORM_ROLES.map((role) => PLATFORM_ROLE_INFO[role].label).join(" | ")} |`;
  const platformRows = (Object.keys(PLATFORM_PERMISSIONS) as PlatformPermission[]).map((permission) => {
    const cells = PLATFORM_ROLES.map((role) => {
      const active = platformPermissions({ platformRoles: [role], partnerStatus: "ACTIVE" }).has(permission);
      const none = platformPermissions({ platformRoles: [role], partnerStatus: "NONE" }).has(permission);
      return active && !none ? "yes, with ACTIVE partner status" : active ? "yes" : "";
    });
    return `| \`${permission}\`: ${PLATFORM_PERMISSIONS[permission]} | ${cells.join(" | ")} |`;
  });
  const projectHeader = `| permission | ${DEFAULT_ROLE_KEYS.map((key) => `${DEFAULT_PROJECT_ROLES[key].name} (${DEFAULT_PROJECT_ROLES[key].rank})`).join(" | ")} |`;
  const projectRows = (Object.keys(PROJECT_PERMISSIONS) as ProjectPermission[]).map((permission) => {
    const cells = DEFAULT_ROLE_KEYS.map((key) => (DEFAULT_PROJECT_ROLES[key].permissions.includes(permission) ? "yes" : ""));
    return `| \`${permission}\`: ${PROJECT_PERMISSIONS[permission]} | ${cells.join(" | ")} |`;
  });
  const separator = (columns: number) => `|${" --- |".repeat(columns)}`;
  return [
    "# Permissions",
    "",
    "Generated from `lib/permissions` by `npm run docs:permissions`; a test fails when this file is stale.",
    "Every access decision of the API and the portal goes through those functions, on the server.",
    "",
    "## Platform permissions per platform role",
    "",
    "A user holds the union of the permissions of all their platform roles.",
    "",
    platformHeader,
    separator(PLATFORM_ROLES.length + 1),
    ...platformRows,
    "",
    "## Token scopes",
    "",
    "A personal access token uses a platform permission only when its scopes allow it (`hasPlatformPermission`,",
    "`scopesAllow`); a portal session uses every permission its roles carry.",
    "",
    "| permission | scopes a token needs |",
    "| --- | --- |",
    ...(Object.keys(PLATFORM_PERMISSION_SCOPES) as PlatformPermission[]).map(
      (permission) => `| \`${permission}\` | ${PLATFORM_PERMISSION_SCOPES[permission].map((scope) => `\`${scope}\``).join(" and ")} |`,
    ),
    "",
    ...(Object.keys(TOKEN_SCOPES) as TokenScope[]).map((scope) => `- \`${scope}\`: ${TOKEN_SCOPES[scope]}.`),
    "",
    "## Account moderation",
    "",
    "- Profile moderation (`canEditProfileOf`), partner status (`canSetPartnerStatusOf`) and suspension (`canSuspend`) act only on",
    "  someone else of strictly lower platform rank (a Project lead may suspend anyone else). Nobody changes their own partner status.",
    "- Resetting someone's two-factor sign-in (`canResetTwoFactorOf`) needs `users.manage` and a strictly higher rank; it writes a security warning.",
    "- A user's login history (`canReadLoginHistoryOf`): the user, or `users.readAny`; why an attempt failed only with `users.readAny`",
    "  (`canSeeSignInFailureReasons`).",
    "",
    "Granting platform roles: a Project lead may grant and revoke every role; a Team lead only roles that rank",
    "below Team lead and carry no permission the Team lead lacks, and only for users who rank below them.",
    "The last Project lead cannot lose the role.",
    "",
    "## Project permissions of the default project roles",
    "",
    "Ranks are in brackets. Custom roles take a rank between 1 and 99 and any subset of these permissions.",
    "",
    projectHeader,
    separator(DEFAULT_ROLE_KEYS.length + 1),
    ...projectRows,
    "",
    "## Rules",
    "",
    "- Nobody grants a permission they lack, assigns a role of their own rank or above, or manages a member of equal or higher rank.",
    "- Only accounts with ACTIVE partner status can be Owner; ownership moves only by transfer; the last Owner keeps the role on",
    "  every path (leave, removal, role change, the Project lead override included).",
    `- Owner-only powers: ${OWNER_ONLY_PERMISSIONS.map((permission) => `\`${permission}\``).join(", ")} and transferring ownership. No other role, default or custom,`,
    "  can hold them, so none outlives the Owner's partner suspension (`roles.manage` stays delegable, bounded by rank).",
    "- Transfer (`canTransferOwnership`) and deletion (`canDeleteProject`): the effective Owner, or the Project lead override",
    "  (audited as override). Moderation (`projects.moderate`) takes down and archives; it never deletes or transfers.",
    "- An Owner whose partner status is not ACTIVE keeps only the Member permissions until it is ACTIVE again.",
    "- A Project lead who is not a member acts with every project permission; each such act is audited as an override.",
    "- Staff with `projects.readAny` see every project (read only) without being members.",
    "",
    "## Audit views",
    "",
    "Every audit view (platform and project, API and portal) shows only what the reader could read anyway (`auditVisibility`):",
    "entries about warnings need `warnings.read`; the personal fields of users",
    `(${PERSONAL_USER_FIELDS.map((field) => `\`${field}\``).join(", ")}) need \`users.readAny\`; IP addresses need a staff permission.`,
    "",
    "## Status workflow",
    "",
    "`team`: a member with `project.submit` (or the Project lead override); `moderator`: `projects.moderate`;",
    "`reviewer`: `projects.review`, through a review decision only (approval needs every checklist item passed).",
    "",
    "| from | to | by | |",
    "| --- | --- | --- | --- |",
    ...TRANSITIONS.map(
      (transition) =>
        `| ${transition.from} | ${transition.to} | ${transition.by.join(", ")} | ${[transition.label, transition.checksCompleteness ? "completeness check" : "", transition.reasonRequired ? "public reason required" : ""].filter(Boolean).join("; ")} |`,
    ),
    "",
    "While a project is IN_REVIEW its reviewed content is locked for everyone (409 `in_review`). The review diff of a",
    "project (`canReadReviewDiff`) is for everyone holding `project.view` there: the whole team and staff who see it as",
    "members do; acknowledging its changes needs `projects.review` and not being on its team.",
    "",
    "## Visibility",
    "",
    "| visibility | listed | readable by non-members | releases, downloads, pages |",
    "| --- | --- | --- | --- |",
    "| PUBLIC | yes | everyone | everyone |",
    "| APPLICATION_ONLY | yes | everyone (signed-in users can apply) | members only |",
    "| LAUNCHER | no (launcher API only) | by direct address | everyone who can read it |",
    "| PRIVATE | no | nobody | members only |",
    "",
    "Visibility applies to PUBLISHED and ARCHIVED projects. A project in any other status is seen only by its",
    "members and by staff with `projects.readAny`. Whoever cannot see a project gets 404, never 403.",
    "Project pages (`canReadPages`): as in the table, staff with `projects.readAny` counting as members; announcements",
    "(`canReadMessages`): whoever can see the project. A module that is off hides its content from everyone.",
    "The launcher API (`canUseInLauncher`): the manifest and launcher settings of a PUBLIC or LAUNCHER project for whoever",
    "can see it; of an APPLICATION_ONLY or PRIVATE project only for its members and staff with `projects.readAny` (404 for",
    "everyone else, signed-in strangers who may read an APPLICATION_ONLY project's page included).",
    "",
    "## Releases and release review",
    "",
    "The team moves a release with PATCH (`releases.manage`); submit (DRAFT -> IN_REVIEW) and the review decision",
    "(IN_REVIEW -> PUBLISHED or REJECTED, `projects.review`) are the other moves. Only a trusted project publishes a",
    "draft directly (`canPublishDirectly`); any other project's PATCH to PUBLISHED is 409 `review_required`.",
    "",
    "| from | by PATCH to |",
    "| --- | --- |",
    ...RELEASE_STATES.map((state) => `| ${state} | ${RELEASE_TRANSITIONS[state].join(", ") || "(none)"} |`),
    "",
    "Who sees which release (`visibleReleases`), among those who see the project's downloads: every release for",
    "`releases.manage`; every release but drafts (in review, published, rejected, yanked) for reviewers",
    "(`projects.review`, tokens with `write` and `admin`); published STABLE releases for everyone, published BETA and",
    "ALPHA releases for `releases.viewPrerelease` and for everyone when the project offers pre-releases. So a release",
    "in review and its files are for reviewers and the members who see drafts, 404 for everyone else. The latest",
    "decision (`review: {decision, publicReason, at}`) is shown to `releases.manage` (`canSeeReleaseReview`).",
    "Files without a release (`canSeeLooseFiles`): on a trusted project for everyone who sees the downloads; on an",
    "untrusted one for `downloads.manage`, `releases.manage` and reviewers only.",
    "Frozen files (`releaseFilesLocked`): no file is added to or removed from a release in review or a published",
    "release (409 `release_locked`); a trusted project may add files to a published release.",
    "",
  ].join("\n");
}
