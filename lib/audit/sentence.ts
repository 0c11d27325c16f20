import { classifiedActions } from "../audit-log/events";
import { MESSAGES } from "../i18n/messages";
import { DEFAULT_PROJECT_ROLES, HIDDEN_VALUE, PROJECT_VISIBILITIES } from "../permissions";
import type { AuditEntryView } from "./schemas";

/**
 * An audit entry as a sentence a person reads (issue 30, item 8): who did what to which thing, by
 * name, and the changes field by field with their values worded. This is the model; the portal puts
 * it into words (components/audit/audit-entry.tsx, messages in the catalogue's `admin.audit`).
 * Pure: the names come from `loadAuditNames` (./names.ts), read in one go for a page of entries.
 */

/** Who or what an entry names. */
export type AuditSubject =
  | { kind: "user"; id: string; name: string; username: string }
  | { kind: "deletedUser" }
  | { kind: "system" }
  | { kind: "project"; id: string; name: string; slug: string | null }
  | { kind: "role"; name: string; key: string | null }
  /** Named by one text: a release's version, a page's title, a file's name, a webhook's address. */
  | { kind: "text"; text: string }
  | { kind: "unknown" };

/** The label groups of the catalogue (`labels.<group>.<value>`) that values of audited fields come from. */
export type LabelGroup =
  | "visibility"
  | "projectStatus"
  | "applicationStatus"
  | "releaseState"
  | "releaseChannel"
  | "module"
  | "platformRole"
  | "partnerStatus"
  | "warningKind"
  | "warningSeverity"
  | "tokenScope"
  | "downloadKind"
  | "theme";

/** A value of a changed field, as the portal words it. */
export type AuditValue =
  | { kind: "empty" }
  | { kind: "text"; text: string }
  /** A digest or a path: shown as code. */
  | { kind: "code"; text: string }
  | { kind: "label"; group: LabelGroup; value: string }
  | { kind: "list"; items: AuditValue[] }
  | { kind: "yesNo"; value: boolean }
  | { kind: "number"; value: number }
  | { kind: "bytes"; value: number }
  | { kind: "time"; at: string }
  /** A calendar day (a date of birth), not a moment. */
  | { kind: "day"; day: string }
  | { kind: "language"; code: string }
  /** A project permission (`labels.permission.<area>.<name>`). */
  | { kind: "permission"; area: string; name: string }
  | { kind: "subject"; subject: AuditSubject }
  /** An image is set (its internal address is never shown). */
  | { kind: "picture" }
  /** A text kept only as its length (a page's body). */
  | { kind: "characters"; count: number }
  /** Kept from the reader: a secret, a personal field without users.readAny, a deleted account's data. */
  | { kind: "secret" }
  | { kind: "hidden" }
  | { kind: "erased" };

/** One changed field: its path (`["settings", "applicationsOpen"]`) and the values before and after. */
export interface AuditChangeLine {
  field: string[];
  before: AuditValue;
  after: AuditValue;
}

export interface AuditSentence {
  /** The audit action; `known` says whether the catalogue words it (`admin.audit.sentence.<action>`). */
  action: string;
  known: boolean;
  actor: AuditSubject;
  target: AuditSubject;
  /** The project the entry belongs to (null for account and platform entries). */
  project: AuditSubject | null;
  /** How the change came: the portal (SESSION), an access token (TOKEN), the system. */
  via: "SESSION" | "TOKEN" | "SYSTEM" | null;
  /** The Project lead acted inside a project without being on its team. */
  override: boolean;
  changes: AuditChangeLine[];
}

/** Names of what a page of entries refers to, by id (lib/audit/names.ts reads them). */
export interface AuditNames {
  users: Map<string, { displayName: string; username: string; deleted: boolean }>;
  projects: Map<string, { name: string; slug: string; deleted: boolean }>;
  roles: Map<string, { name: string; key: string | null }>;
  /** `<targetType>:<id>` → the text that names it: a release's version, a page's title, a token's name... */
  labels: Map<string, string>;
  /** `<targetType>:<id>` → the user an application, an invitation or a warning is about. */
  people: Map<string, string>;
}

export function emptyAuditNames(): AuditNames {
  return { users: new Map(), projects: new Map(), roles: new Map(), labels: new Map(), people: new Map() };
}

/** The areas of the audit actions (their prefix), in the order the action filter lists them. */
export const AUDIT_AREAS = [
  "project",
  "member",
  "role",
  "application",
  "invitation",
  "release",
  "download",
  "launcher",
  "page",
  "message",
  "review",
  "user",
  "token",
  "session",
  "device",
  "warning",
  "webhook",
] as const;
export type AuditArea = (typeof AUDIT_AREAS)[number];

/** Every audit action, grouped by area (the table of lib/audit-log/events.ts, which a test keeps complete). */
export function auditActionsByArea(): { area: AuditArea; actions: string[] }[] {
  const actions = classifiedActions();
  return AUDIT_AREAS.map((area) => ({ area, actions: actions.filter((action) => action.startsWith(`${area}.`)) }));
}

/** Target types whose id is a user's. */
const USER_TARGETS = new Set(["user", "member"]);

/** Fields whose values are users' ids. */
const USER_ID_FIELDS = new Set(["ownerId", "owners", "userId"]);
/** Fields whose values are roles' ids. */
const ROLE_ID_FIELDS = new Set(["roleId", "offeredRoleIds"]);
/** Fields holding the address of an uploaded image. */
const PICTURE_FIELDS = new Set(["logoUrl", "bannerUrl", "avatarUrl"]);
/** Fields holding a moment (ISO 8601). */
const TIME_FIELDS = new Set(["deletedAt", "changedAt", "expiresAt"]);
/** Fields shown as code: digests, slugs, paths. */
const CODE_FIELDS = new Set(["sha256", "slug", "path", "executable", "url", "eventId", "events"]);
/** Fields counting bytes. */
const BYTE_FIELDS = new Set(["size"]);

const LABELLED_FIELDS: Record<string, LabelGroup> = {
  visibility: "visibility",
  modules: "module",
  channel: "releaseChannel",
  state: "releaseState",
  platformRoles: "platformRole",
  partnerStatus: "partnerStatus",
  severity: "warningSeverity",
  scopes: "tokenScope",
  theme: "theme",
};

/** The label group of a field, which for some names depends on what the entry is about. */
function labelGroupOf(field: string, targetType: string, parent: string | undefined): LabelGroup | null {
  if (field === "status") return targetType === "application" ? "applicationStatus" : targetType === "project" ? "projectStatus" : null;
  if (field === "kind") return parent === "file" ? "downloadKind" : targetType === "warning" ? "warningKind" : null;
  if (field === "state" && parent === "release") return "releaseState";
  return LABELLED_FIELDS[field] ?? null;
}

const SPECIAL_VALUES: Record<string, AuditValue> = {
  "[redacted]": { kind: "secret" },
  [HIDDEN_VALUE]: { kind: "hidden" },
  "[erased]": { kind: "erased" },
};

/** A page body is audited as "N characters, sha256 …" (lib/pages/service.ts): its length is what a reader needs. */
const BODY_DIGEST = /^(\d+) characters, sha256 [0-9a-f]+$/;
const DEFAULT_ROLE_NAMES = new Map(Object.entries(DEFAULT_PROJECT_ROLES).map(([key, role]) => [role.name, key]));

export function userSubject(names: AuditNames, id: string): AuditSubject {
  const user = names.users.get(id);
  if (!user || user.deleted) return { kind: "deletedUser" };
  return { kind: "user", id, name: user.displayName, username: user.username };
}

export function projectSubject(names: AuditNames, id: string): AuditSubject {
  const project = names.projects.get(id);
  if (!project) return { kind: "unknown" };
  return { kind: "project", id, name: project.name, slug: project.deleted ? null : project.slug };
}

/** A role by id, or by the name an entry kept (a default role's English name is worded by its key). */
function roleSubject(names: AuditNames, id: string | null, name?: unknown): AuditSubject {
  const role = id ? names.roles.get(id) : undefined;
  if (role) return { kind: "role", ...role };
  if (typeof name === "string") return { kind: "role", name, key: DEFAULT_ROLE_NAMES.get(name) ?? null };
  return { kind: "unknown" };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A secret, hidden or erased value: the audit kept a marker, not the value. */
function isWithheld(value: unknown): boolean {
  return typeof value === "string" && value in SPECIAL_VALUES;
}

/** No value: what `wordValue` words as empty. */
function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === "";
}

/** The value of a field as the portal words it. */
function wordValue(value: unknown, path: string[], entry: AuditEntryView, names: AuditNames): AuditValue {
  const field = path.at(-1)!;
  const parent = path.at(-2);
  if (isEmptyValue(value)) return { kind: "empty" };
  if (typeof value === "string" && SPECIAL_VALUES[value]) return SPECIAL_VALUES[value];
  if (Array.isArray(value)) {
    if (field === "permissions")
      return {
        kind: "list",
        items: value.map((permission) => {
          const [area, name] = String(permission).split(".");
          return name ? { kind: "permission", area: area!, name } : { kind: "text", text: String(permission) };
        }),
      };
    return { kind: "list", items: value.map((item) => wordValue(item, path, entry, names)) };
  }
  if (typeof value === "boolean") return { kind: "yesNo", value };
  if (typeof value === "number") return BYTE_FIELDS.has(field) ? { kind: "bytes", value } : { kind: "number", value };
  if (typeof value !== "string") return { kind: "text", text: JSON.stringify(value) };
  if (USER_ID_FIELDS.has(field)) return { kind: "subject", subject: userSubject(names, value) };
  if (ROLE_ID_FIELDS.has(field)) return { kind: "subject", subject: roleSubject(names, value) };
  if (field === "role") return { kind: "subject", subject: roleSubject(names, null, value) };
  if (field === "releaseId") return { kind: "subject", subject: thing(names, "release", value) };
  if (field === "applicationId") return { kind: "subject", subject: personOf(names, "application", value) };
  if (field === "invitationId") return { kind: "subject", subject: personOf(names, "invitation", value) };
  if (field === "tokenId" || field === "revokedWithParent") return { kind: "subject", subject: thing(names, "token", value) };
  if (PICTURE_FIELDS.has(field)) return { kind: "picture" };
  if (TIME_FIELDS.has(field)) return { kind: "time", at: value };
  if (field === "dateOfBirth") return { kind: "day", day: value };
  if (field === "language") return { kind: "language", code: value };
  if (field === "body" && BODY_DIGEST.test(value)) return { kind: "characters", count: Number(BODY_DIGEST.exec(value)![1]) };
  if (field === "visibility" && !(PROJECT_VISIBILITIES as readonly string[]).includes(value)) return { kind: "text", text: value };
  const group = labelGroupOf(field, entry.targetType, parent);
  if (group) return { kind: "label", group, value };
  if (CODE_FIELDS.has(field)) return { kind: "code", text: value };
  return { kind: "text", text: value };
}

/**
 * Field by field: an object on either side (project settings, a file, the launch settings) is
 * opened into its own fields, keeping only those that differ; lists and plain values stay whole.
 * A field the same before and after (or empty on both sides) has no line.
 */
function changeLines(path: string[], before: unknown, after: unknown, entry: AuditEntryView, names: AuditNames): AuditChangeLine[] {
  // A field that did not change says nothing: the role asked for and given ("Tester → Tester"), no
  // reason on either side ("Reason: empty"). A value withheld from the reader ("[hidden]" on both
  // sides) may well have changed: it keeps its line.
  if (!isWithheld(before) && (isEmptyValue(before) ? isEmptyValue(after) : JSON.stringify(before) === JSON.stringify(after))) return [];
  if ((isRecord(before) || before === null) && (isRecord(after) || after === null) && (isRecord(before) || isRecord(after))) {
    const was = isRecord(before) ? before : {};
    const now = isRecord(after) ? after : {};
    return [...new Set([...Object.keys(was), ...Object.keys(now)])]
      .filter((key) => JSON.stringify(was[key] ?? null) !== JSON.stringify(now[key] ?? null))
      .flatMap((key) => changeLines([...path, key], was[key] ?? null, now[key] ?? null, entry, names));
  }
  return [{ field: path, before: wordValue(before, path, entry, names), after: wordValue(after, path, entry, names) }];
}

function thing(names: AuditNames, type: string, id: string, ...kept: unknown[]): AuditSubject {
  const text = names.labels.get(`${type}:${id}`) ?? kept.find((value): value is string => typeof value === "string" && value !== "");
  return text ? { kind: "text", text } : { kind: "unknown" };
}

/** The person an application or an invitation is about. */
function personOf(names: AuditNames, type: "application" | "invitation", id: string): AuditSubject {
  const userId = names.people.get(`${type}:${id}`);
  return userId ? userSubject(names, userId) : { kind: "unknown" };
}

/** What an entry's changes kept of a field, before or after (`release.before.version`). */
function kept(entry: AuditEntryView, field: string, inner?: string): unknown[] {
  const change = entry.changes[field];
  if (!change) return [];
  return [change.after, change.before].map((value) => (inner ? (isRecord(value) ? value[inner] : undefined) : value));
}

/** The thing an entry is about, by name. */
function targetOf(entry: AuditEntryView, names: AuditNames): AuditSubject {
  const { targetType: type, targetId: id } = entry;
  if (USER_TARGETS.has(type)) return userSubject(names, id);
  switch (type) {
    case "project":
      return projectSubject(names, id);
    case "role":
      return roleSubject(names, id, kept(entry, "name").find(Boolean));
    case "release":
      return thing(names, type, id, ...kept(entry, "version"), ...kept(entry, "release", "version"));
    case "download":
      return thing(names, type, id, ...kept(entry, "file", "name"));
    case "page":
    case "message":
      return thing(names, type, id, ...kept(entry, "title"));
    case "device":
      return thing(names, type, id, ...kept(entry, "name"));
    case "device_authorization":
      return thing(names, type, id, ...kept(entry, "clientName"));
    case "webhook":
      return thing(names, type, id, ...kept(entry, "url"));
    case "token":
      return thing(names, type, id, ...kept(entry, "name"));
    case "application":
      return personOf(names, type, id);
    case "invitation":
    case "warning": {
      const userId = names.people.get(`${type}:${id}`) ?? kept(entry, "userId").find((value) => typeof value === "string");
      return typeof userId === "string" ? userSubject(names, userId) : { kind: "unknown" };
    }
    default:
      return { kind: "unknown" };
  }
}

const VIAS = ["SESSION", "TOKEN", "SYSTEM"] as const;

/** Whether the catalogue words an action (`admin.audit.sentence.<area>.<verb>`; a test checks every audit action is worded). */
export function isWordedAction(action: string): boolean {
  const [area, verb] = action.split(".");
  const sentences = MESSAGES.en.admin.audit.sentence as Record<string, Record<string, string> | undefined>;
  return Boolean(area && verb && typeof sentences[area]?.[verb] === "string");
}

/** An audit entry as a sentence: its actor, target and project by name, and its changes field by field. */
export function auditSentence(entry: AuditEntryView, names: AuditNames): AuditSentence {
  const [via, flag] = entry.via.split(":");
  return {
    action: entry.action,
    known: isWordedAction(entry.action),
    actor: entry.actor ? userSubject(names, entry.actor.id) : { kind: "system" },
    target: targetOf(entry, names),
    project: entry.projectId ? projectSubject(names, entry.projectId) : null,
    via: (VIAS as readonly string[]).includes(via!) ? (via as (typeof VIAS)[number]) : null,
    override: flag === "OVERRIDE",
    changes: Object.entries(entry.changes).flatMap(([field, change]) => changeLines([field], change.before, change.after, entry, names)),
  };
}
