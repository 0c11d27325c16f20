/**
 * Every invitation endpoint × every kind of caller × a project in every status and visibility
 * (docs/projects.md, "Invitations"). The team's side follows the project's rules (404 where the
 * project does not exist for the caller, then `members.manage`); the invitee's side follows the
 * invitation alone: the invitee answers it even where the project is invisible to them (a draft),
 * and for everyone else, members and staff included, someone else's invitation does not exist
 * (404). The expected status comes from DESIGN 4 and 8 (lib/testing/cross-tenant-oracle.ts).
 * Calls that succeed are put back, so every row starts from the same state.
 */
import { beforeAll } from "vitest";
import * as revokeRoute from "@/app/api/v1/projects/[id]/invitations/[invitationId]/revoke/route";
import * as invitationRoute from "@/app/api/v1/projects/[id]/invitations/[invitationId]/route";
import * as invitationsRoute from "@/app/api/v1/projects/[id]/invitations/route";
import * as acceptRoute from "@/app/api/v1/users/me/invitations/[invitationId]/accept/route";
import * as declineRoute from "@/app/api/v1/users/me/invitations/[invitationId]/decline/route";
import * as myInvitationsRoute from "@/app/api/v1/users/me/invitations/route";
import { db } from "@/lib/db/client";
import type { Project } from "@/lib/db/generated/client";
import {
  ANONYMOUS,
  crossTenantOracle,
  memberWith,
  SIGNED_IN,
  staff,
  STAFF_TOKENS,
  SUSPENDED_OWNER,
} from "@/lib/testing/cross-tenant-oracle";
import { createTableCallers, createTableProjects, runTable, type TableEndpoint } from "@/lib/testing/cross-tenant-table";
import { createUser, inviteWith, tokenFor } from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";

// The callers, and the rules as DESIGN states them (lib/testing/cross-tenant-oracle.ts) over them.
// `invitee` is a signed-in non-member with a pending invitation (as Member) in every project; the
// `…Read` tokens carry only the read scope.
const {
  callers: CALLERS,
  visible,
  has,
  write,
} = crossTenantOracle({
  owner: memberWith("OWNER"),
  manager: memberWith("MANAGER"),
  moderator: memberWith("MODERATOR"),
  member: memberWith("MEMBER"),
  suspendedOwner: SUSPENDED_OWNER,
  anonymous: ANONYMOUS,
  invitee: SIGNED_IN,
  outsider: SIGNED_IN,
  ...STAFF_TOKENS,
  teamLeadAdmin: staff("reviewer"),
  ownerRead: memberWith("OWNER", { readOnly: true }),
  inviteeRead: { ...SIGNED_IN, readOnly: true },
});
type Caller = (typeof CALLERS)[number];

/** The team's reads: 401 anonymous, 404 where the project does not exist for the caller, then members.manage. */
function teamRead(caller: Caller, p: Project): number {
  if (caller === "anonymous") return 401;
  if (!visible(caller, p)) return 404;
  return has(caller, "members.manage") ? 200 : 403;
}
/** The team's writes: a read-only token is 403 before anything is looked at. */
const teamWrite = (caller: Caller, p: Project, success: number) => write(caller, visible(caller, p), "members.manage", success);
/** The invitee's answers: the invitation exists only for the invitee, whatever the project's status and visibility. */
const isInvitee = (caller: Caller) => caller === "invitee" || caller === "inviteeRead";
function inviteeWrite(caller: Caller): number {
  if (caller === "anonymous") return 401;
  if (caller === "ownerRead" || caller === "inviteeRead") return 403;
  return isInvitee(caller) ? 200 : 404;
}

interface Fixture {
  tokens: Partial<Record<Caller, string>>;
  users: Partial<Record<Caller, string>>;
  projects: Project[];
  /** The invitee's pending invitation per project. */
  pending: Record<string, string>;
  memberRole: Record<string, string>;
  /** An active account on no team, invited by the create row (and the invitation put back after). */
  target: string;
}
const fixture: Fixture = { tokens: {}, users: {}, projects: [], pending: {}, memberRole: {}, target: "" };

beforeAll(async () => {
  const callers = await createTableCallers(["manager", "moderator", "member", "invitee", "outsider"] as const);
  fixture.tokens = {
    ...callers.tokens,
    ownerRead: await tokenFor(callers.users.owner, ["read"]),
    inviteeRead: await tokenFor(callers.users.invitee, ["read"]),
  };
  fixture.users = callers.users;
  fixture.target = (await createUser()).id;
  fixture.projects = await createTableProjects(callers, {
    variants: [{ label: "", modules: [] }],
    members: ["manager", "moderator", "member"],
    prepare: async (project) => {
      const memberRole = project.roles.find((role) => role.key === "MEMBER")!.id;
      fixture.memberRole[project.id] = memberRole;
      fixture.pending[project.id] = (await inviteWith(project.id, callers.people.invitee.id, "MEMBER", callers.owner.id)).id;
    },
  });
}, 180_000);

async function reopen(p: Project) {
  await db.projectInvitation.update({
    where: { id: fixture.pending[p.id] },
    data: { status: "PENDING", decidedAt: null, decidedById: null },
  });
}

type Json = Record<string, unknown>;
const ids = (json: Json) => (json.data as { id: string }[]).map((row) => row.id);

const ENDPOINTS: TableEndpoint<Caller>[] = [
  {
    name: "GET /projects/{id}/invitations",
    request: (token, p) => call(invitationsRoute.GET, "GET", "/?status=PENDING", { token, params: { id: p.id } }),
    expected: teamRead,
    shows: (_c, p, json) => (ids(json).join() === fixture.pending[p.id] ? null : `listed ${ids(json).join()}`),
  },
  {
    name: "POST /projects/{id}/invitations",
    request: (token, p) =>
      call(invitationsRoute.POST, "POST", "/", {
        token,
        params: { id: p.id },
        body: { userId: fixture.target, roleId: fixture.memberRole[p.id] },
      }),
    expected: (c, p) => teamWrite(c, p, 201),
    restore: async (_p, { json }) => {
      await db.projectInvitation.delete({ where: { id: json!.id as string } });
    },
  },
  {
    name: "GET /projects/{id}/invitations/{invitationId}",
    request: (token, p) => call(invitationRoute.GET, "GET", "/", { token, params: { id: p.id, invitationId: fixture.pending[p.id] } }),
    expected: teamRead,
  },
  {
    name: "POST /projects/{id}/invitations/{invitationId}/revoke",
    request: (token, p) => call(revokeRoute.POST, "POST", "/", { token, params: { id: p.id, invitationId: fixture.pending[p.id] } }),
    expected: (c, p) => teamWrite(c, p, 200),
    restore: (p) => reopen(p),
  },
  {
    name: "GET /users/me/invitations",
    request: (token) => call(myInvitationsRoute.GET, "GET", "/?status=PENDING&limit=100", { token }),
    expected: (c) => (c === "anonymous" ? 401 : 200),
    // The invitee's list holds this project's invitation; nobody else's holds any of them.
    shows: (c, p, json) => (ids(json).includes(fixture.pending[p.id]) === isInvitee(c) ? null : `listed ${ids(json).length} invitations`),
  },
  {
    name: "POST /users/me/invitations/{invitationId}/accept",
    request: (token, p) => call(acceptRoute.POST, "POST", "/", { token, params: { invitationId: fixture.pending[p.id] } }),
    expected: inviteeWrite,
    restore: async (p) => {
      await db.projectMember.deleteMany({ where: { projectId: p.id, userId: fixture.users.invitee! } });
      await reopen(p);
    },
  },
  {
    name: "POST /users/me/invitations/{invitationId}/decline",
    request: (token, p) => call(declineRoute.POST, "POST", "/", { token, params: { invitationId: fixture.pending[p.id] } }),
    expected: inviteeWrite,
    restore: (p) => reopen(p),
  },
];

runTable(ENDPOINTS, CALLERS, fixture, { across: "status × visibility", timeout: 120_000 });
