import { describe, expect, it } from "vitest";
import * as deviceStart from "@/app/api/v1/auth/device/route";
import * as deviceToken from "@/app/api/v1/auth/device/token/route";
import * as register from "@/app/api/v1/auth/register/route";
import * as tokenSignIn from "@/app/api/v1/auth/token/route";
import * as verify from "@/app/api/v1/auth/verify-email/route";
import * as audit from "@/app/api/v1/audit/route";
import * as projectAudit from "@/app/api/v1/projects/[id]/audit/route";
import * as applicationDecision from "@/app/api/v1/projects/[id]/applications/[applicationId]/decision/route";
import * as applicationReopen from "@/app/api/v1/projects/[id]/applications/[applicationId]/reopen/route";
import * as applicationWithdraw from "@/app/api/v1/projects/[id]/applications/[applicationId]/withdraw/route";
import * as applications from "@/app/api/v1/projects/[id]/applications/route";
import * as file from "@/app/api/v1/projects/[id]/files/[fileId]/route";
import * as files from "@/app/api/v1/projects/[id]/files/route";
import * as images from "@/app/api/v1/projects/[id]/images/[kind]/route";
import * as leave from "@/app/api/v1/projects/[id]/members/me/route";
import * as launcher from "@/app/api/v1/projects/[id]/launcher/route";
import * as messageById from "@/app/api/v1/projects/[id]/messages/[messageId]/route";
import * as messages from "@/app/api/v1/projects/[id]/messages/route";
import * as notificationSettings from "@/app/api/v1/users/me/notification-settings/route";
import * as projectWebhookRedeliver from "@/app/api/v1/projects/[id]/webhooks/[webhookId]/deliveries/[deliveryId]/redeliver/route";
import * as projectWebhookPing from "@/app/api/v1/projects/[id]/webhooks/[webhookId]/ping/route";
import * as projectWebhookRotate from "@/app/api/v1/projects/[id]/webhooks/[webhookId]/rotate-secret/route";
import * as projectWebhook from "@/app/api/v1/projects/[id]/webhooks/[webhookId]/route";
import * as projectWebhooks from "@/app/api/v1/projects/[id]/webhooks/route";
import * as platformWebhookRedeliver from "@/app/api/v1/webhooks/[webhookId]/deliveries/[deliveryId]/redeliver/route";
import * as platformWebhookPing from "@/app/api/v1/webhooks/[webhookId]/ping/route";
import * as platformWebhookRotate from "@/app/api/v1/webhooks/[webhookId]/rotate-secret/route";
import * as platformWebhook from "@/app/api/v1/webhooks/[webhookId]/route";
import * as platformWebhooks from "@/app/api/v1/webhooks/route";
import * as pageBySlug from "@/app/api/v1/projects/[id]/pages/[pageSlug]/route";
import * as pages from "@/app/api/v1/projects/[id]/pages/route";
import * as member from "@/app/api/v1/projects/[id]/members/[userId]/route";
import * as members from "@/app/api/v1/projects/[id]/members/route";
import * as invitationRevoke from "@/app/api/v1/projects/[id]/invitations/[invitationId]/revoke/route";
import * as invitations from "@/app/api/v1/projects/[id]/invitations/route";
import * as invitationAccept from "@/app/api/v1/users/me/invitations/[invitationId]/accept/route";
import * as invitationDecline from "@/app/api/v1/users/me/invitations/[invitationId]/decline/route";
import * as modules from "@/app/api/v1/projects/[id]/modules/route";
import * as restore from "@/app/api/v1/projects/[id]/restore/route";
import * as role from "@/app/api/v1/projects/[id]/roles/[roleId]/route";
import * as roles from "@/app/api/v1/projects/[id]/roles/route";
import * as release from "@/app/api/v1/projects/[id]/releases/[releaseId]/route";
import * as releaseSubmit from "@/app/api/v1/projects/[id]/releases/[releaseId]/submit/route";
import * as trust from "@/app/api/v1/projects/[id]/trust/route";
import * as releaseDecision from "@/app/api/v1/reviews/releases/[releaseId]/decision/route";
import * as releases from "@/app/api/v1/projects/[id]/releases/route";
import * as one from "@/app/api/v1/projects/[id]/route";
import * as settings from "@/app/api/v1/projects/[id]/settings/route";
import * as status from "@/app/api/v1/projects/[id]/status/route";
import * as transfer from "@/app/api/v1/projects/[id]/transfer-ownership/route";
import * as projects from "@/app/api/v1/projects/route";
import * as acknowledge from "@/app/api/v1/reviews/[projectId]/acknowledge/route";
import * as claim from "@/app/api/v1/reviews/[projectId]/claim/route";
import * as decision from "@/app/api/v1/reviews/[projectId]/decision/route";
import * as tokenById from "@/app/api/v1/users/me/tokens/[tokenId]/route";
import * as tokens from "@/app/api/v1/users/me/tokens/route";
import * as me from "@/app/api/v1/users/me/route";
import * as userById from "@/app/api/v1/users/[id]/route";
import * as warnings from "@/app/api/v1/users/[id]/warnings/route";
import * as warning from "@/app/api/v1/warnings/[warningId]/route";
import * as resetConfirm from "@/app/api/v1/auth/password-reset/confirm/route";
import * as staffTwoFactorReset from "@/app/api/v1/users/[id]/2fa/reset/route";
import * as twoFactorDisable from "@/app/api/v1/users/me/2fa/disable/route";
import * as twoFactorEnable from "@/app/api/v1/users/me/2fa/enable/route";
import * as recoveryCodes from "@/app/api/v1/users/me/2fa/recovery-codes/route";
import * as twoFactorSetup from "@/app/api/v1/users/me/2fa/setup/route";
import * as device from "@/app/api/v1/users/me/devices/[deviceId]/route";
import * as password from "@/app/api/v1/users/me/password/route";
import * as session from "@/app/api/v1/users/me/sessions/[sessionId]/route";
import * as sessions from "@/app/api/v1/users/me/sessions/route";
import { requestPasswordReset } from "@/lib/account/passwords";
import { createSession } from "@/lib/auth/sessions";
import { approveDeviceSignIn } from "@/lib/device-sign-in/service";
import { actorFromUser } from "@/lib/auth/actor";
import { totpCode } from "@/lib/auth/two-factor";
import * as avatar from "@/app/api/v1/users/me/avatar/route";
import { db } from "@/lib/db/client";
import { OPERATIONS } from "@/lib/api/registry";
import {
  createDownload,
  createPartner,
  createProjectFor,
  createUser,
  inviteWith,
  TEST_PASSWORD,
  testMeta,
  tokenFor,
  unique,
} from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";
import { mailedToken } from "@/lib/testing/mail";

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4bf0000000049454e44ae426082",
  "hex",
);
const passed = { passed: true, note: "" };

/** Changes that are deliberately not audited, and why. */
const NOT_AUDITED: Record<string, string> = {
  "POST /api/v1/users/me/notifications/read": "marks the caller's own notifications read; nothing anyone else relies on changes",
  "POST /api/v1/auth/device":
    "an anonymous client starts a sign-in that changes no account until a user approves it; approval, denial and the token are audited",
  "POST /api/v1/auth/password-reset": "answers before any work (no enumeration) and changes no account; the confirm is audited",
  "POST /api/v1/auth/verify-email/resend":
    "sends a new link (answering before any work when anonymous) and changes no account; confirming the address is audited",
  "POST /api/v1/users/me/2fa/setup": "stores a secret that does nothing until it is enabled, which is audited",
  "POST /api/v1/users/me/reauthenticate": "renews the current session's authentication time only",
  "PUT /api/v1/projects/{id}/follow": "the caller's own subscription to a project's news; nothing anyone else relies on changes",
  "DELETE /api/v1/projects/{id}/follow": "the caller's own subscription to a project's news; nothing anyone else relies on changes",
};

/** A user with two-factor sign-in on (through the API), a fresh token and the recovery codes. */
async function twoFactorOn() {
  const user = await createUser();
  const token = await tokenFor(user.id);
  const setup = await call(twoFactorSetup.POST, "POST", "/", { token });
  const enabled = await call(twoFactorEnable.POST, "POST", "/", { token, body: { code: totpCode(setup.json!.secret as string) } });
  return { user, token, codes: enabled.json!.recoveryCodes as string[] };
}
async function sessionOf(userId: string) {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
  return db.$transaction((tx) => createSession(tx, user, testMeta(), null));
}

async function owned() {
  const owner = await createPartner();
  const project = await createProjectFor(owner);
  const roleId = (key: string) => project.roles.find((candidate) => candidate.key === key)!.id;
  return { owner, project, token: await tokenFor(owner.id), roleId };
}
const staff = async (roles: ("TEAM_LEAD" | "PROJECT_LEAD" | "SUPPORT")[] = ["PROJECT_LEAD"]) => tokenFor((await createUser({ roles })).id);
async function openForApplications() {
  const { project } = await owned();
  return db.project.update({ where: { id: project.id }, data: { status: "PUBLISHED", modules: ["APPLICATIONS"] } });
}
async function withDownloads() {
  const context = await owned();
  await db.project.update({ where: { id: context.project.id }, data: { modules: ["DOWNLOADS"] } });
  return context;
}
async function withDraftRelease() {
  const context = await withDownloads();
  const created = await db.release.create({ data: { projectId: context.project.id, version: "0.1.0", title: "Draft" } });
  return { ...context, releaseId: created.id };
}
/** A draft release with one file (what a submission needs). */
async function withSubmittableRelease() {
  const context = await withDraftRelease();
  await createDownload(context.project.id, { releaseId: context.releaseId });
  return context;
}
/** A project with the content modules on and one page, "about". */
async function withContent() {
  const context = await owned();
  await db.project.update({ where: { id: context.project.id }, data: { modules: ["PROJECT_PAGES", "MESSAGES"] } });
  await db.projectPage.create({ data: { projectId: context.project.id, slug: "about", title: "About", body: "Text" } });
  return context;
}
async function inReview() {
  const context = await owned();
  await db.project.update({ where: { id: context.project.id }, data: { status: "IN_REVIEW", submittedAt: new Date() } });
  return context;
}

/** A route handler, as `call` takes it. */
type Handler = Parameters<typeof call>[0];

/** The Owner of a new project changes it (still at version 1) through `handler` with `body`. */
function ownProjectChangedBy(handler: Handler, method: string, body?: unknown) {
  return async () => {
    const { project, token } = await owned();
    return call(handler, method, "/", { token, params: { id: project.id }, headers: { "if-match": '"v1"' }, body });
  };
}

/** The Owner adds a new user as a Member to a new project through `handler` (adding a member or inviting one: the same body). */
function newMemberBy(handler: Handler) {
  return async () => {
    const { project, token, roleId } = await owned();
    return call(handler, "POST", "/", {
      token,
      params: { id: project.id },
      body: { userId: (await createUser()).id, roleId: roleId("MEMBER") },
    });
  };
}

/** A user invited as a Member to a new project answers through `handler` (accepting or declining). */
function invitationAnsweredBy(handler: Handler) {
  return async () => {
    const { owner, project } = await owned();
    const invitee = await createUser();
    const invitation = await inviteWith(project.id, invitee.id, "MEMBER", owner.id);
    return call(handler, "POST", "/", { token: await tokenFor(invitee.id), params: { invitationId: invitation.id } });
  };
}

/** The Owner changes the page "about" of a project with content (still at version 1) through `handler` with `body`. */
function aboutPageChangedBy(handler: Handler, method: string, body?: unknown) {
  return async () => {
    const { project, token } = await withContent();
    return call(handler, method, "/", { token, params: { id: project.id, pageSlug: "about" }, headers: { "if-match": '"v1"' }, body });
  };
}

/** A webhook of a project (its Owner's token), or of the platform (a Project lead's), with one delivery. */
async function withWebhook(platform: boolean) {
  process.env.WEBHOOKS_ALLOW_HOSTS = "127.0.0.1";
  const { project, token } = platform ? { project: null, token: await staff() } : await owned();
  const route = platform ? platformWebhooks : projectWebhooks;
  const created = await call(route.POST, "POST", "/", {
    token,
    params: project ? { id: project.id } : {},
    body: { url: "http://127.0.0.1:9/hook", events: ["*"] },
  });
  const webhookId = created.json!.id as string;
  const event = await db.event.create({ data: { type: "project.updated", data: {}, fannedOutAt: new Date() } });
  const delivery = await db.webhookDelivery.create({ data: { webhookId, eventId: event.id, status: "FAILED" } });
  const params = (extra: Record<string, string> = {}) => ({ ...(project ? { id: project.id } : {}), webhookId, ...extra });
  return { token, params, deliveryId: delivery.id, project };
}
function webhookScenarios(prefix: string, platform: boolean, routes: typeof projectWebhookRoutes) {
  return {
    [`POST ${prefix}`]: async () => {
      const { token, params } = await withWebhook(platform);
      const { webhookId: _, ...scope } = params();
      return call(routes.list.POST, "POST", "/", {
        token,
        params: scope,
        body: { url: "http://127.0.0.1:9/other", events: ["member.added"] },
      });
    },
    [`PATCH ${prefix}/{webhookId}`]: async () => {
      const { token, params } = await withWebhook(platform);
      return call(routes.one.PATCH, "PATCH", "/", { token, params: params(), body: { active: false } });
    },
    [`DELETE ${prefix}/{webhookId}`]: async () => {
      const { token, params } = await withWebhook(platform);
      return call(routes.one.DELETE, "DELETE", "/", { token, params: params() });
    },
    [`POST ${prefix}/{webhookId}/rotate-secret`]: async () => {
      const { token, params } = await withWebhook(platform);
      return call(routes.rotate.POST, "POST", "/", { token, params: params() });
    },
    [`POST ${prefix}/{webhookId}/ping`]: async () => {
      const { token, params } = await withWebhook(platform);
      return call(routes.ping.POST, "POST", "/", { token, params: params() });
    },
    [`POST ${prefix}/{webhookId}/deliveries/{deliveryId}/redeliver`]: async () => {
      const { token, params, deliveryId } = await withWebhook(platform);
      return call(routes.redeliver.POST, "POST", "/", { token, params: params({ deliveryId }) });
    },
  };
}
const projectWebhookRoutes = {
  list: projectWebhooks,
  one: projectWebhook,
  rotate: projectWebhookRotate,
  ping: projectWebhookPing,
  redeliver: projectWebhookRedeliver,
};
const platformWebhookRoutes = {
  list: platformWebhooks,
  one: platformWebhook,
  rotate: platformWebhookRotate,
  ping: platformWebhookPing,
  redeliver: platformWebhookRedeliver,
};

/** One successful call of each mutating operation. */
const SCENARIOS: Record<string, () => Promise<{ status: number; headers: Headers }>> = {
  ...webhookScenarios("/api/v1/projects/{id}/webhooks", false, projectWebhookRoutes),
  "PUT /api/v1/users/me/notification-settings": async () =>
    call(notificationSettings.PUT, "PUT", "/", {
      token: await tokenFor((await createUser()).id),
      body: { "message.new": { inApp: false, email: false } },
    }),
  ...webhookScenarios("/api/v1/webhooks", true, platformWebhookRoutes),
  "POST /api/v1/auth/register": () => {
    const name = unique();
    return call(register.POST, "POST", "/", {
      body: { username: name, email: `${name}@example.test`, password: "a fine passphrase", displayName: "A" },
    });
  },
  "POST /api/v1/auth/verify-email": async () => {
    const name = unique();
    await call(register.POST, "POST", "/", {
      body: { username: name, email: `${name}@example.test`, password: "a fine passphrase", displayName: "A" },
    });
    return call(verify.POST, "POST", "/", { body: { token: await mailedToken(`${name}@example.test`) } });
  },
  "POST /api/v1/auth/device/token": async () => {
    const user = await createUser();
    const session = await db.$transaction((tx) => createSession(tx, user, testMeta(), null));
    const started = await call(deviceStart.POST, "POST", "/", { body: { clientName: "Audited launcher" } });
    const userCode = String(started.json!.userCode).replace("-", "");
    await approveDeviceSignIn(actorFromUser(user, null, { sessionId: session.id }), { userCode }, testMeta());
    return call(deviceToken.POST, "POST", "/", { body: { deviceCode: started.json!.deviceCode } });
  },
  "POST /api/v1/auth/token": async () =>
    call(tokenSignIn.POST, "POST", "/", { body: { login: (await createUser()).username, password: TEST_PASSWORD } }),
  "PUT /api/v1/users/me": async () =>
    call(me.PUT, "PUT", "/", {
      token: await tokenFor((await createUser()).id),
      headers: { "if-match": '"v1"' },
      body: { displayName: "Changed" },
    }),
  "PUT /api/v1/users/{id}": async () =>
    call(userById.PUT, "PUT", "/", {
      token: await staff(),
      params: { id: (await createUser()).id },
      headers: { "if-match": '"v1"' },
      body: { partnerStatus: "ACTIVE" },
    }),
  "DELETE /api/v1/users/me": async () =>
    call(me.DELETE, "DELETE", "/", { token: await tokenFor((await createUser()).id), body: { password: TEST_PASSWORD } }),
  "DELETE /api/v1/users/{id}": async () =>
    call(userById.DELETE, "DELETE", "/", { token: await staff(), params: { id: (await createUser()).id } }),
  "POST /api/v1/users/me/tokens": async () => call(tokens.POST, "POST", "/", { token: await tokenFor((await createUser()).id), body: {} }),
  "DELETE /api/v1/users/me/tokens/{tokenId}": async () => {
    const user = await createUser();
    const token = await tokenFor(user.id);
    const row = await db.apiToken.findFirstOrThrow({ where: { userId: user.id } });
    return call(tokenById.DELETE, "DELETE", "/", { token, params: { tokenId: row.id } });
  },
  "POST /api/v1/projects": async () =>
    call(projects.POST, "POST", "/", { token: await tokenFor((await createPartner()).id), body: { name: `Audit ${unique()}` } }),
  "PUT /api/v1/projects/{id}": ownProjectChangedBy(one.PUT, "PUT", { name: "Renamed" }),
  "PATCH /api/v1/projects/{id}": ownProjectChangedBy(one.PATCH, "PATCH", { game: "Other" }),
  "DELETE /api/v1/projects/{id}": ownProjectChangedBy(one.DELETE, "DELETE"),
  "POST /api/v1/projects/{id}/restore": async () => {
    const { project } = await owned();
    await db.project.update({ where: { id: project.id }, data: { deletedAt: new Date() } });
    return call(restore.POST, "POST", "/", { token: await staff(), params: { id: project.id } });
  },
  "PUT /api/v1/users/me/avatar": async () => {
    const token = await tokenFor((await createUser()).id);
    return avatar.PUT(
      new Request("http://127.0.0.1/x", {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, "content-type": "image/png" },
        body: PNG,
      }),
      { params: Promise.resolve({}) },
    );
  },
  "PUT /api/v1/projects/{id}/images/{kind}": async () => {
    const { project, token } = await owned();
    return images.PUT(
      new Request("http://127.0.0.1/x", {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, "if-match": '"v1"', "content-type": "image/png" },
        body: PNG,
      }),
      { params: Promise.resolve({ id: project.id, kind: "logo" }) },
    );
  },
  "PUT /api/v1/projects/{id}/settings": ownProjectChangedBy(settings.PUT, "PUT", { visibility: "PRIVATE", settings: {} }),
  "PUT /api/v1/projects/{id}/modules": ownProjectChangedBy(modules.PUT, "PUT", { modules: ["LAUNCHER", "DOWNLOADS"] }),
  "POST /api/v1/projects/{id}/members": newMemberBy(members.POST),
  "POST /api/v1/projects/{id}/invitations": newMemberBy(invitations.POST),
  "POST /api/v1/projects/{id}/invitations/{invitationId}/revoke": async () => {
    const { owner, project, token } = await owned();
    const invitation = await inviteWith(project.id, (await createUser()).id, "MEMBER", owner.id);
    return call(invitationRevoke.POST, "POST", "/", { token, params: { id: project.id, invitationId: invitation.id } });
  },
  "POST /api/v1/users/me/invitations/{invitationId}/accept": invitationAnsweredBy(invitationAccept.POST),
  "POST /api/v1/users/me/invitations/{invitationId}/decline": invitationAnsweredBy(invitationDecline.POST),
  "PUT /api/v1/projects/{id}/members/{userId}": async () => {
    const { project, token, roleId } = await owned();
    const user = await createUser();
    await db.projectMember.create({ data: { projectId: project.id, userId: user.id, roleId: roleId("MEMBER") } });
    return call(member.PUT, "PUT", "/", { token, params: { id: project.id, userId: user.id }, body: { roleId: roleId("TESTER") } });
  },
  "DELETE /api/v1/projects/{id}/members/{userId}": async () => {
    const { project, token, roleId } = await owned();
    const user = await createUser();
    await db.projectMember.create({ data: { projectId: project.id, userId: user.id, roleId: roleId("MEMBER") } });
    return call(member.DELETE, "DELETE", "/", { token, params: { id: project.id, userId: user.id } });
  },
  "DELETE /api/v1/projects/{id}/members/me": async () => {
    const { project, roleId } = await owned();
    const user = await createUser();
    await db.projectMember.create({ data: { projectId: project.id, userId: user.id, roleId: roleId("MEMBER") } });
    return call(leave.DELETE, "DELETE", "/", { token: await tokenFor(user.id), params: { id: project.id } });
  },
  "POST /api/v1/projects/{id}/applications": async () => {
    const project = await openForApplications();
    return call(applications.POST, "POST", "/", {
      token: await tokenFor((await createUser()).id),
      params: { id: project.id },
      body: { message: "Hello" },
    });
  },
  "POST /api/v1/projects/{id}/applications/{applicationId}/withdraw": async () => {
    const project = await openForApplications();
    const user = await createUser();
    const application = await db.application.create({ data: { projectId: project.id, userId: user.id, message: "Hello" } });
    return call(applicationWithdraw.POST, "POST", "/", {
      token: await tokenFor(user.id),
      params: { id: project.id, applicationId: application.id },
    });
  },
  "POST /api/v1/projects/{id}/applications/{applicationId}/decision": async () => {
    const { project, token } = await owned();
    await db.project.update({ where: { id: project.id }, data: { status: "PUBLISHED", modules: ["APPLICATIONS"] } });
    const application = await db.application.create({ data: { projectId: project.id, userId: (await createUser()).id, message: "Hello" } });
    return call(applicationDecision.POST, "POST", "/", {
      token,
      params: { id: project.id, applicationId: application.id },
      body: { decision: "ACCEPT" },
    });
  },
  "POST /api/v1/projects/{id}/applications/{applicationId}/reopen": async () => {
    const { project, token } = await owned();
    await db.project.update({ where: { id: project.id }, data: { status: "PUBLISHED", modules: ["APPLICATIONS"] } });
    const application = await db.application.create({
      data: { projectId: project.id, userId: (await createUser()).id, message: "Hello", status: "REJECTED", decidedAt: new Date() },
    });
    return call(applicationReopen.POST, "POST", "/", { token, params: { id: project.id, applicationId: application.id } });
  },
  "POST /api/v1/projects/{id}/transfer-ownership": async () => {
    const { project, token } = await owned();
    return call(transfer.POST, "POST", "/", { token, params: { id: project.id }, body: { userId: (await createPartner()).id } });
  },
  "POST /api/v1/projects/{id}/roles": async () => {
    const { project, token } = await owned();
    return call(roles.POST, "POST", "/", { token, params: { id: project.id }, body: { name: "Crew", permissions: [], rank: 5 } });
  },
  "PUT /api/v1/projects/{id}/roles/{roleId}": async () => {
    const { project, token, roleId } = await owned();
    return call(role.PUT, "PUT", "/", {
      token,
      params: { id: project.id, roleId: roleId("TESTER") },
      body: { name: "Tester", permissions: ["project.view"], rank: 21 },
    });
  },
  "DELETE /api/v1/projects/{id}/roles/{roleId}": async () => {
    const { project, token } = await owned();
    const spare = await db.projectRole.create({ data: { projectId: project.id, name: "Spare", rank: 3, permissions: [] } });
    return call(role.DELETE, "DELETE", "/", { token, params: { id: project.id, roleId: spare.id } });
  },
  "POST /api/v1/projects/{id}/releases": async () => {
    const { project, token } = await withDownloads();
    return call(releases.POST, "POST", "/", { token, params: { id: project.id }, body: { version: "1.0.0", title: "One" } });
  },
  "PATCH /api/v1/projects/{id}/releases/{releaseId}": async () => {
    const { project, token, releaseId } = await withDraftRelease();
    return call(release.PATCH, "PATCH", "/", {
      token,
      params: { id: project.id, releaseId },
      headers: { "if-match": '"v1"' },
      body: { title: "Renamed" },
    });
  },
  "POST /api/v1/projects/{id}/releases/{releaseId}/submit": async () => {
    const { project, token, releaseId } = await withSubmittableRelease();
    return call(releaseSubmit.POST, "POST", "/", { token, params: { id: project.id, releaseId } });
  },
  "POST /api/v1/reviews/releases/{releaseId}/decision": async () => {
    const { releaseId } = await withSubmittableRelease();
    await db.release.update({ where: { id: releaseId }, data: { state: "IN_REVIEW", submittedAt: new Date() } });
    return call(releaseDecision.POST, "POST", "/", {
      token: await staff(["TEAM_LEAD"]),
      params: { releaseId },
      body: { decision: "APPROVE", checklist: { quality: passed, security: passed } },
    });
  },
  "PUT /api/v1/projects/{id}/trust": async () => {
    const { project } = await owned();
    return call(trust.PUT, "PUT", "/", {
      token: await staff(["TEAM_LEAD"]),
      params: { id: project.id },
      body: { trusted: true, reason: "Known" },
    });
  },
  "DELETE /api/v1/projects/{id}/releases/{releaseId}": async () => {
    const { project, token, releaseId } = await withDraftRelease();
    return call(release.DELETE, "DELETE", "/", { token, params: { id: project.id, releaseId }, headers: { "if-match": '"v1"' } });
  },
  "POST /api/v1/projects/{id}/files": async () => {
    const { project, token } = await withDownloads();
    return call(files.POST, "POST", "/?name=a.bin", {
      token,
      params: { id: project.id },
      rawBody: "bytes",
      headers: { "content-type": "application/octet-stream" },
    });
  },
  "DELETE /api/v1/projects/{id}/files/{fileId}": async () => {
    const { project, token } = await withDownloads();
    const uploaded = await call(files.POST, "POST", "/?name=a.bin", {
      token,
      params: { id: project.id },
      rawBody: "bytes",
      headers: { "content-type": "application/octet-stream" },
    });
    return call(file.DELETE, "DELETE", "/", { token, params: { id: project.id, fileId: uploaded.json!.id as string } });
  },
  "PUT /api/v1/projects/{id}/launcher": async () => {
    const { project, token } = await owned();
    await db.project.update({ where: { id: project.id }, data: { modules: ["LAUNCHER"] } });
    return call(launcher.PUT, "PUT", "/", {
      token,
      params: { id: project.id },
      body: {
        offerInstall: true,
        offerUpdate: true,
        offerRepair: true,
        offerGameStart: true,
        offerVersions: false,
        launchSettings: { executable: "bin/game" },
      },
    });
  },
  "POST /api/v1/projects/{id}/status": async () => {
    const { project, token } = await owned();
    await db.project.update({ where: { id: project.id }, data: { status: "ARCHIVED" } });
    return call(status.POST, "POST", "/", { token, params: { id: project.id }, body: { status: "DRAFT" } });
  },
  "POST /api/v1/reviews/{projectId}/claim": async () => {
    const { project } = await inReview();
    return call(claim.POST, "POST", "/", { token: await staff(["TEAM_LEAD"]), params: { projectId: project.id } });
  },
  "DELETE /api/v1/reviews/{projectId}/claim": async () => {
    const { project } = await inReview();
    const token = await staff(["TEAM_LEAD"]);
    await call(claim.POST, "POST", "/", { token, params: { projectId: project.id } });
    await db.auditEntry.deleteMany({ where: { projectId: project.id, action: "review.claim" } });
    return call(claim.DELETE, "DELETE", "/", { token, params: { projectId: project.id } });
  },
  "POST /api/v1/reviews/{projectId}/decision": async () => {
    const { project } = await inReview();
    return call(decision.POST, "POST", "/", {
      token: await staff(["TEAM_LEAD"]),
      params: { projectId: project.id },
      body: { decision: "APPROVE", checklist: { completeness: passed, quality: passed, guidelines: passed, security: passed } },
    });
  },
  "POST /api/v1/reviews/{projectId}/acknowledge": async () => {
    const { project } = await owned();
    await db.project.update({ where: { id: project.id }, data: { status: "PUBLISHED" } });
    await db.reviewBaseline.create({ data: { projectId: project.id, snapshot: {}, version: 1, at: new Date(), changedAt: new Date() } });
    return call(acknowledge.POST, "POST", "/", { token: await staff(["TEAM_LEAD"]), params: { projectId: project.id }, body: {} });
  },
  "POST /api/v1/auth/password-reset/confirm": async () => {
    const user = await createUser();
    await (await requestPasswordReset(user.email, testMeta())).done;
    const token = await mailedToken(user.email, "Reset your password");
    return call(resetConfirm.POST, "POST", "/", { body: { token, newPassword: "a new audited passphrase" } });
  },
  "POST /api/v1/users/me/password": async () => {
    const user = await createUser();
    return call(password.POST, "POST", "/", {
      token: await tokenFor(user.id),
      body: { currentPassword: TEST_PASSWORD, newPassword: "a new audited passphrase" },
    });
  },
  "POST /api/v1/users/me/2fa/enable": async () => {
    const token = await tokenFor((await createUser()).id);
    const setup = await call(twoFactorSetup.POST, "POST", "/", { token });
    return call(twoFactorEnable.POST, "POST", "/", { token, body: { code: totpCode(setup.json!.secret as string) } });
  },
  "POST /api/v1/users/me/2fa/disable": async () => {
    const { token, codes } = await twoFactorOn();
    return call(twoFactorDisable.POST, "POST", "/", { token, body: { password: TEST_PASSWORD, code: codes[0] } });
  },
  "POST /api/v1/users/me/2fa/recovery-codes": async () => {
    const { token, codes } = await twoFactorOn();
    return call(recoveryCodes.POST, "POST", "/", { token, body: { password: TEST_PASSWORD, code: codes[0] } });
  },
  "POST /api/v1/users/{id}/2fa/reset": async () => {
    const { user } = await twoFactorOn();
    return call(staffTwoFactorReset.POST, "POST", "/", { token: await staff(["SUPPORT"]), params: { id: user.id } });
  },
  "DELETE /api/v1/users/me/sessions": async () => {
    const user = await createUser();
    await sessionOf(user.id);
    return call(sessions.DELETE, "DELETE", "/", { token: await tokenFor(user.id) });
  },
  "DELETE /api/v1/users/me/sessions/{sessionId}": async () => {
    const user = await createUser();
    const { id } = await sessionOf(user.id);
    return call(session.DELETE, "DELETE", "/", { token: await tokenFor(user.id), params: { sessionId: id } });
  },
  "PATCH /api/v1/users/me/devices/{deviceId}": async () => {
    const user = await createUser();
    const { id } = await db.device.create({ data: { userId: user.id, keyHash: unique("k"), name: "Laptop" } });
    return call(device.PATCH, "PATCH", "/", { token: await tokenFor(user.id), params: { deviceId: id }, body: { name: "Work laptop" } });
  },
  "DELETE /api/v1/users/me/devices/{deviceId}": async () => {
    const user = await createUser();
    const { id } = await db.device.create({ data: { userId: user.id, keyHash: unique("k"), name: "Laptop" } });
    return call(device.DELETE, "DELETE", "/", { token: await tokenFor(user.id), params: { deviceId: id } });
  },
  "POST /api/v1/users/{id}/warnings": async () =>
    call(warnings.POST, "POST", "/", {
      token: await staff(["SUPPORT"]),
      params: { id: (await createUser()).id },
      body: { kind: "RULE_VIOLATION", severity: "LOW", reason: "Spam in chat" },
    }),
  "POST /api/v1/projects/{id}/pages": async () => {
    const { project, token } = await withContent();
    return call(pages.POST, "POST", "/", { token, params: { id: project.id }, body: { slug: "new", title: "New", body: "Text" } });
  },
  "PUT /api/v1/projects/{id}/pages/{pageSlug}": aboutPageChangedBy(pageBySlug.PUT, "PUT", {
    slug: "about",
    title: "About us",
    body: "More",
  }),
  "DELETE /api/v1/projects/{id}/pages/{pageSlug}": aboutPageChangedBy(pageBySlug.DELETE, "DELETE"),
  "POST /api/v1/projects/{id}/messages": async () => {
    const { project, token } = await withContent();
    return call(messages.POST, "POST", "/", { token, params: { id: project.id }, body: { title: "News", body: "Text" } });
  },
  "PUT /api/v1/projects/{id}/messages/{messageId}": async () => {
    const { project, token } = await withContent();
    const posted = await call(messages.POST, "POST", "/", { token, params: { id: project.id }, body: { title: "News", body: "Text" } });
    return call(messageById.PUT, "PUT", "/", {
      token,
      params: { id: project.id, messageId: posted.json!.id as string },
      headers: { "if-match": posted.headers.get("etag")! },
      body: { title: "News", body: "Edited" },
    });
  },
  "DELETE /api/v1/projects/{id}/messages/{messageId}": async () => {
    const { project, token, owner } = await withContent();
    const message = await db.projectMessage.create({ data: { projectId: project.id, authorId: owner.id, title: "News", body: "Text" } });
    return call(messageById.DELETE, "DELETE", "/", { token, params: { id: project.id, messageId: message.id } });
  },
  "DELETE /api/v1/warnings/{warningId}": async () => {
    const token = await staff(["SUPPORT"]);
    const created = await call(warnings.POST, "POST", "/", {
      token,
      params: { id: (await createUser()).id },
      body: { kind: "RULE_VIOLATION", severity: "LOW", reason: "Spam in chat" },
    });
    return call(warning.DELETE, "DELETE", "/", { token, params: { warningId: created.json!.id as string } });
  },
};

const MUTATING = OPERATIONS.filter((operation) => operation.method !== "GET").map((operation) => `${operation.method} ${operation.path}`);

describe("every change writes an audit entry", () => {
  it.each(MUTATING)("%s", async (operation) => {
    if (NOT_AUDITED[operation]) return;
    const scenario = SCENARIOS[operation];
    expect(scenario, `add an audit scenario for ${operation} (or a reason to NOT_AUDITED)`).toBeDefined();
    const response = await scenario();
    expect(response.status, operation).toBeLessThan(300);
    // The entry of this very request, not one a setup step wrote.
    const requestId = response.headers.get("x-request-id");
    expect(requestId, operation).toBeTruthy();
    expect(await db.auditEntry.count({ where: { requestId } }), operation).toBeGreaterThan(0);
  });
});

describe("reading the audit log", () => {
  it("is for audit.read on the platform and for Owners and Managers on their project", async () => {
    const { project, token } = await owned();
    await call(one.PATCH, "PATCH", "/", { token, params: { id: project.id }, headers: { "if-match": '"v1"' }, body: { game: "Audited" } });
    const developer = await tokenFor((await createUser({ roles: ["DEVELOPER"] })).id);
    const all = await call(audit.GET, "GET", `/api/v1/audit?projectId=${project.id}&action=project.update`, { token: developer });
    expect(all.json!.data).toEqual([
      expect.objectContaining({ action: "project.update", changes: { game: { before: "Test game", after: "Audited" } }, via: "TOKEN" }),
    ]);
    expect((await call(audit.GET, "GET", "/", { token })).status).toBe(403);
    const own = await call(projectAudit.GET, "GET", "/", { token, params: { id: project.id } });
    expect((own.json!.data as { action: string }[]).map((entry) => entry.action)).toEqual(["project.update", "project.create"]);
    const tester = await createUser();
    await db.projectMember.create({
      data: {
        projectId: project.id,
        userId: tester.id,
        roleId: (await db.projectRole.findFirstOrThrow({ where: { projectId: project.id, key: "TESTER" } })).id,
      },
    });
    expect((await call(projectAudit.GET, "GET", "/", { token: await tokenFor(tester.id), params: { id: project.id } })).status).toBe(403);
  });

  it("takes a date range: days in UTC from their start to their end, or times; a malformed or reversed range is a 400 naming the bound", async () => {
    const { project, token } = await owned();
    await call(one.PATCH, "PATCH", "/", { token, params: { id: project.id }, headers: { "if-match": '"v1"' }, body: { game: "Dated" } });
    await db.auditEntry.updateMany({
      where: { projectId: project.id, action: "project.create" },
      data: { createdAt: new Date("2026-03-01T23:59:00Z") },
    });
    await db.auditEntry.updateMany({
      where: { projectId: project.id, action: "project.update" },
      data: { createdAt: new Date("2026-03-02T00:00:30Z") },
    });
    const lead = await staff();
    const actions = async (range: string) => {
      const answer = await call(audit.GET, "GET", `/api/v1/audit?projectId=${project.id}&${range}`, { token: lead });
      expect(answer.status, range).toBe(200);
      return (answer.json!.data as { action: string }[]).map((entry) => entry.action);
    };
    expect(await actions("from=2026-03-02")).toEqual(["project.update"]);
    expect(await actions("to=2026-03-01")).toEqual(["project.create"]);
    expect(await actions("from=2026-03-01&to=2026-03-01")).toEqual(["project.create"]);
    expect(await actions("from=2026-03-01&to=2026-03-02")).toEqual(["project.update", "project.create"]);
    expect(await actions("from=2026-03-01T23:00:00Z&to=2026-03-01T23:59:59Z")).toEqual(["project.create"]);
    // A time with an offset: 00:30 in Berlin is 23:30 UTC the day before.
    expect(await actions(`from=${encodeURIComponent("2026-03-02T00:30:00+01:00")}`)).toEqual(["project.update", "project.create"]);
    const own = await call(projectAudit.GET, "GET", "/?from=2026-03-02", { token, params: { id: project.id } });
    expect((own.json!.data as { action: string }[]).map((entry) => entry.action)).toEqual(["project.update"]);

    for (const [range, path, message] of [
      ["from=yesterday", "from", "Use a date (YYYY-MM-DD) or an ISO 8601 time."],
      ["to=2026-02-30", "to", "Use a date (YYYY-MM-DD) or an ISO 8601 time."],
      ["from=2026-03-02&to=2026-03-01", "to", "The range ends before it starts."],
      ["from=2026-03-01T12:00:00Z&to=2026-03-01T11:59:59Z", "to", "The range ends before it starts."],
    ]) {
      const refused = await call(audit.GET, "GET", `/api/v1/audit?${range}`, { token: lead });
      expect(refused.status, range).toBe(400);
      expect(refused.headers.get("content-type"), range).toMatch(/^application\/problem\+json/);
      expect(refused.json, range).toMatchObject({ code: "validation_failed", errors: [{ path, message }] });
      const ownRefused = await call(projectAudit.GET, "GET", `/?${range}`, { token, params: { id: project.id } });
      expect(ownRefused.status, range).toBe(400);
    }
  });
});
