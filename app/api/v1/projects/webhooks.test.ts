/**
 * Events and webhooks through the API: events written with their change (and never for a rolled-back
 * one), private data kept out, signed deliveries to a local receiver verified with the Standard
 * Webhooks library, the delivery log, redelivery with the same webhook-id, ping, retries with
 * backoff, the switch-off after failing for days, a delivery interrupted by a crash sent again, and
 * who may manage which webhooks (cross-tenant, tokens without the admin scope, suspended partners).
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as messagesRoute from "@/app/api/v1/projects/[id]/messages/route";
import * as redeliverRoute from "@/app/api/v1/projects/[id]/webhooks/[webhookId]/deliveries/[deliveryId]/redeliver/route";
import * as deliveriesRoute from "@/app/api/v1/projects/[id]/webhooks/[webhookId]/deliveries/route";
import * as pingRoute from "@/app/api/v1/projects/[id]/webhooks/[webhookId]/ping/route";
import * as rotateRoute from "@/app/api/v1/projects/[id]/webhooks/[webhookId]/rotate-secret/route";
import * as webhookRoute from "@/app/api/v1/projects/[id]/webhooks/[webhookId]/route";
import * as webhooksRoute from "@/app/api/v1/projects/[id]/webhooks/route";
import * as platformWebhooksRoute from "@/app/api/v1/webhooks/route";
import { classifiedActions, eventTypesOf } from "@/lib/audit-log/events";
import { recordAudit } from "@/lib/audit-log/record";
import { db } from "@/lib/db/client";
import { addMemberWith, createPartner, createProjectFor, createUser, tokenFor } from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";
import { dispatchWebhooks, fanOut, retryDelaySeconds } from "@/lib/webhooks/dispatcher";

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

let receiver: http.Server;
let receiverUrl: string;
const received: Received[] = [];
/** The status the receiver answers with, per path. */
const answers = new Map<string, number>();

let owner: Awaited<ReturnType<typeof createPartner>>;
let ownerToken: string;

beforeAll(async () => {
  process.env.WEBHOOKS_ALLOW_HOSTS = "127.0.0.1";
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(answers.get(request.url ?? "/") ?? 200, { "content-type": "text/plain" });
      response.end("thanks");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  owner = await createPartner();
  ownerToken = await tokenFor(owner.id, ["read", "write"]);
});

afterAll(async () => {
  delete process.env.WEBHOOKS_ALLOW_HOSTS;
  await new Promise((resolve) => receiver.close(resolve));
});

async function projectWithWebhook(hookPath: string, events: string[] = ["*"]) {
  const project = await createProjectFor(owner, { status: "PUBLISHED", visibility: "PUBLIC", modules: ["MESSAGES"] });
  const created = await call(webhooksRoute.POST, "POST", "/", {
    token: ownerToken,
    params: { id: project.id },
    body: { url: `${receiverUrl}${hookPath}`, events, description: "Test receiver" },
  });
  expect(created.status).toBe(201);
  return { project, webhook: created.json as { id: string; secret: string; url: string; events: string[] } };
}

function postMessage(projectId: string, title = "Patch notes") {
  return call(messagesRoute.POST, "POST", "/", {
    token: ownerToken,
    params: { id: projectId },
    body: { title, body: "Fixed the bridge." },
  });
}

describe("events", () => {
  it("are written with their change, and not at all for a change that was rolled back", async () => {
    const project = await createProjectFor(owner, { status: "PUBLISHED", visibility: "PUBLIC", modules: ["MESSAGES"] });
    const posted = await postMessage(project.id);
    expect(posted.status).toBe(201);
    const events = await db.event.findMany({ where: { projectId: project.id, type: "message.posted" } });
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ messageId: (posted.json as { id: string }).id });
    expect(events[0].actorId).toBe(owner.id);

    await expect(
      db.$transaction(async (tx) => {
        await recordAudit(
          tx,
          { actorId: owner.id, via: "SESSION" },
          { action: "page.update", targetType: "page", targetId: "p1", projectId: project.id },
        );
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await db.event.count({ where: { projectId: project.id, type: "page.updated" } })).toBe(0);
  });

  it("never carry internal notes, warnings or contact data", () => {
    const review = eventTypesOf({ action: "review.reject", targetType: "project", targetId: "x", changes: {} });
    expect(review).toEqual(["review.decided", "project.status_changed"]);
    expect(eventTypesOf({ action: "warning.create", targetType: "user", targetId: "x" })).toEqual([]);
    expect(
      eventTypesOf({
        action: "user.update_by_staff",
        targetType: "user",
        targetId: "x",
        changes: { displayName: { before: "a", after: "b" } },
      }),
    ).toEqual([]);
  });

  it("keep private fields out of the data", async () => {
    const project = await createProjectFor(owner, { status: "PUBLISHED", visibility: "PUBLIC" });
    await db.$transaction((tx) =>
      recordAudit(
        tx,
        { actorId: owner.id, via: "SESSION" },
        {
          action: "release.reject",
          targetType: "release",
          targetId: "r1",
          projectId: project.id,
          changes: { state: { before: "IN_REVIEW", after: "REJECTED" }, internalNote: { before: null, after: "looks like malware" } },
        },
      ),
    );
    const [event] = await db.event.findMany({ where: { projectId: project.id, type: "review.decided" } });
    expect(JSON.stringify(event.data)).not.toContain("malware");
    expect(event.data).toEqual({ releaseId: "r1", changes: { state: { before: "IN_REVIEW", after: "REJECTED" } } });
  });

  it("are decided for every audit action in the code: an event type, or private on purpose", () => {
    const actions = new Set<string>();
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) walk(file);
        // The table itself names event types, not actions.
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !file.endsWith(path.join("audit-log", "events.ts"))) {
          const text = readFileSync(file, "utf8");
          for (const match of text.matchAll(/action:([\s\S]*?)(?:targetType|\}\))/g)) {
            for (const literal of match[1].matchAll(/"([a-z0-9_]+\.[a-z0-9_]+)"/g)) actions.add(literal[1]);
          }
        }
      }
    };
    walk(path.join(process.cwd(), "lib"));
    walk(path.join(process.cwd(), "app"));
    const classified = new Set(classifiedActions());
    const unclassified = [...actions].filter((action) => !classified.has(action));
    expect(unclassified, "add these audit actions to EVENT_OF_ACTION in lib/audit-log/events.ts").toEqual([]);
    expect(actions.size).toBeGreaterThan(40);
  });
});

describe("webhook deliveries", () => {
  it("are signed as Standard Webhooks says, logged, redelivered with the same webhook-id, and pinged", async () => {
    const { project, webhook } = await projectWithWebhook("/signed");
    expect(webhook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const before = received.length;
    await postMessage(project.id, "Version 2");
    await dispatchWebhooks({ webhookIds: [webhook.id] });
    const mine = received.slice(before);
    expect(mine).toHaveLength(1);
    const [delivery] = mine;
    const verified = new StandardWebhook(webhook.secret).verify(delivery.body, {
      "webhook-id": String(delivery.headers["webhook-id"]),
      "webhook-timestamp": String(delivery.headers["webhook-timestamp"]),
      "webhook-signature": String(delivery.headers["webhook-signature"]),
    }) as { type: string; data: { id: string; type: string; projectId: string; data: { messageId: string } } };
    expect(verified.type).toBe("message.posted");
    expect(verified.data.projectId).toBe(project.id);
    expect(delivery.headers["webhook-id"]).toBe(verified.data.id);
    expect(() =>
      new StandardWebhook(`whsec_${Buffer.alloc(32, 1).toString("base64")}`).verify(delivery.body, {
        "webhook-id": String(delivery.headers["webhook-id"]),
        "webhook-timestamp": String(delivery.headers["webhook-timestamp"]),
        "webhook-signature": String(delivery.headers["webhook-signature"]),
      }),
    ).toThrow();

    const log = await call(deliveriesRoute.GET, "GET", "/", { token: ownerToken, params: { id: project.id, webhookId: webhook.id } });
    expect(log.status).toBe(200);
    const rows = (
      log.json as { data: { id: string; status: string; responseStatus: number; type: string; attempt: number; durationMs: number }[] }
    ).data;
    expect(rows[0]).toMatchObject({ status: "SUCCEEDED", responseStatus: 200, type: "message.posted", attempt: 1 });
    expect(rows[0].durationMs).toBeGreaterThanOrEqual(0);

    const again = await call(redeliverRoute.POST, "POST", "/", {
      token: ownerToken,
      params: { id: project.id, webhookId: webhook.id, deliveryId: rows[0].id },
    });
    expect(again.status).toBe(202);
    expect(again.json).toMatchObject({ status: "PENDING", attempt: 2 });
    const beforeRedelivery = received.length;
    await dispatchWebhooks({ webhookIds: [webhook.id] });
    expect(received.slice(beforeRedelivery).map((request) => request.headers["webhook-id"])).toEqual([delivery.headers["webhook-id"]]);

    const ping = await call(pingRoute.POST, "POST", "/", { token: ownerToken, params: { id: project.id, webhookId: webhook.id } });
    expect(ping.status).toBe(200);
    expect(ping.json).toMatchObject({ type: "webhook.ping", status: "SUCCEEDED", responseStatus: 200 });
  });

  it("go only to webhooks that want the event type, and only for their own project", async () => {
    const { project, webhook } = await projectWithWebhook("/filtered", ["member.added"]);
    const other = await projectWithWebhook("/other");
    await postMessage(project.id);
    await dispatchWebhooks({ webhookIds: [webhook.id, other.webhook.id] });
    expect(await db.webhookDelivery.count({ where: { webhookId: webhook.id } })).toBe(0);
    expect(await db.webhookDelivery.count({ where: { webhookId: other.webhook.id } })).toBe(0);
  });

  it("retry a failure after 30 s, as a new attempt, and switch the webhook off after failing for days", async () => {
    answers.set("/failing", 503);
    const { project, webhook } = await projectWithWebhook("/failing");
    await postMessage(project.id);
    await dispatchWebhooks({ webhookIds: [webhook.id] });
    const attempts = await db.webhookDelivery.findMany({ where: { webhookId: webhook.id }, orderBy: { attempt: "asc" } });
    expect(attempts.map((attempt) => [attempt.attempt, attempt.status, attempt.responseStatus])).toEqual([
      [1, "FAILED", 503],
      [2, "PENDING", null],
    ]);
    const wait = attempts[1].nextAttemptAt.getTime() - attempts[0].at.getTime();
    expect(wait).toBeGreaterThan(25_000);
    expect(wait).toBeLessThanOrEqual(retryDelaySeconds(1) * 1000 + 1000);
    expect(retryDelaySeconds(1)).toBeLessThanOrEqual(60);
    expect(retryDelaySeconds(20)).toBe(43_200);

    // Failing since four days: the next failure switches it off and tells the team.
    await db.webhook.update({ where: { id: webhook.id }, data: { failingSince: new Date(Date.now() - 4 * 86_400_000) } });
    await db.webhookDelivery.update({ where: { id: attempts[1].id }, data: { nextAttemptAt: new Date() } });
    await dispatchWebhooks({ webhookIds: [webhook.id] });
    const after = await db.webhook.findUniqueOrThrow({ where: { id: webhook.id } });
    expect(after.active).toBe(false);
    expect(after.disabledAt).not.toBeNull();
    expect(await db.webhookDelivery.count({ where: { webhookId: webhook.id, status: "PENDING" } })).toBe(0);
    const told = await db.notification.findMany({ where: { userId: owner.id, kind: "webhook.disabled" } });
    expect(told.some((notification) => (notification.params as { url: string }).url === webhook.url)).toBe(true);

    // Switched on again: a fresh start.
    answers.delete("/failing");
    const on = await call(webhookRoute.PATCH, "PATCH", "/", {
      token: ownerToken,
      params: { id: project.id, webhookId: webhook.id },
      body: { active: true },
    });
    expect(on.json).toMatchObject({ active: true, failingSince: null, disabledAt: null });
  });

  it("are made from a backlog a bounded batch at a time: one transaction takes at most 50 events", async () => {
    // 200 at a time outlasted Prisma's 5 s under load; the rolled-back batch was taken again on every run.
    const backlog = await db.event.createManyAndReturn({
      data: Array.from({ length: 120 }, () => ({ type: "test.backlog", actorId: null, projectId: null, data: {} })),
      select: { id: true },
    });
    const first = await fanOut();
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(50);
    while ((await fanOut()) > 0) {}
    const ids = backlog.map((event) => event.id);
    expect(await db.event.count({ where: { id: { in: ids }, fannedOutAt: null } })).toBe(0);
  });

  it("interrupted by a crash (claimed, never finished) are sent again once the lease runs out", async () => {
    const { project, webhook } = await projectWithWebhook("/crash");
    await postMessage(project.id);
    // A dispatcher claimed the delivery and died before sending: the lease is what is left.
    await fanOut();
    const pending = await db.webhookDelivery.findFirstOrThrow({ where: { webhookId: webhook.id } });
    await db.webhookDelivery.update({ where: { id: pending.id }, data: { lockedUntil: new Date(Date.now() + 60_000) } });
    expect(await dispatchWebhooks({ webhookIds: [webhook.id] })).toBe(0);
    await db.webhookDelivery.update({ where: { id: pending.id }, data: { lockedUntil: new Date(Date.now() - 1) } });
    expect(await dispatchWebhooks({ webhookIds: [webhook.id] })).toBe(1);
    expect((await db.webhookDelivery.findUniqueOrThrow({ where: { id: pending.id } })).status).toBe("SUCCEEDED");
  });

  it("are sent exactly once when several dispatchers (instances) run at once", async () => {
    const { project, webhook } = await projectWithWebhook("/instances");
    const second = await call(webhooksRoute.POST, "POST", "/", {
      token: ownerToken,
      params: { id: project.id },
      body: { url: `${receiverUrl}/instances`, events: ["message.posted"] },
    });
    const ids = [webhook.id, (second.json as { id: string }).id];
    for (let index = 0; index < 15; index++) await postMessage(project.id, `News ${index}`);
    const before = received.length;
    const attempted = await Promise.all([1, 2, 3].map(() => dispatchWebhooks({ webhookIds: ids })));
    expect(attempted.reduce((sum, count) => sum + count, 0)).toBe(30);
    const sent = received
      .slice(before)
      .map((request) => `${request.headers["webhook-id"]} ${request.headers["webhook-signature"]?.slice(0, 12)}`);
    expect(sent).toHaveLength(30);
    expect(new Set(sent).size).toBe(30);
    expect(await db.webhookDelivery.count({ where: { webhookId: { in: ids }, status: { not: "SUCCEEDED" } } })).toBe(0);
  });

  it("use the rotated secret from the moment it is rotated", async () => {
    const { project, webhook } = await projectWithWebhook("/rotated");
    const rotated = await call(rotateRoute.POST, "POST", "/", { token: ownerToken, params: { id: project.id, webhookId: webhook.id } });
    expect(rotated.status).toBe(200);
    const secret = (rotated.json as { secret: string }).secret;
    expect(secret).not.toBe(webhook.secret);
    const before = received.length;
    await call(pingRoute.POST, "POST", "/", { token: ownerToken, params: { id: project.id, webhookId: webhook.id } });
    const [ping] = received.slice(before);
    const headers = {
      "webhook-id": String(ping.headers["webhook-id"]),
      "webhook-timestamp": String(ping.headers["webhook-timestamp"]),
      "webhook-signature": String(ping.headers["webhook-signature"]),
    };
    expect(() => new StandardWebhook(secret).verify(ping.body, headers)).not.toThrow();
    expect(() => new StandardWebhook(webhook.secret).verify(ping.body, headers)).toThrow();
    const shown = await call(webhookRoute.GET, "GET", "/", { token: ownerToken, params: { id: project.id, webhookId: webhook.id } });
    expect(shown.json).not.toHaveProperty("secret");
  });
});

describe("who manages webhooks", () => {
  it("refuses targets that are not public, and unknown event types, with a clear 400", async () => {
    const project = await createProjectFor(owner, { status: "PUBLISHED", visibility: "PUBLIC" });
    for (const url of ["https://10.0.0.1/x", "http://example.com/x", "https://169.254.169.254/latest"]) {
      const refused = await call(webhooksRoute.POST, "POST", "/", {
        token: ownerToken,
        params: { id: project.id },
        body: { url, events: ["*"] },
      });
      expect(refused.status, url).toBe(400);
      expect(JSON.stringify(refused.json)).toContain("url");
    }
    const unknown = await call(webhooksRoute.POST, "POST", "/", {
      token: ownerToken,
      params: { id: project.id },
      body: { url: `${receiverUrl}/x`, events: ["project.exploded"] },
    });
    expect(unknown.status).toBe(400);
  });

  it("is the team with webhooks.manage; others get 403 or 404; platform webhooks need webhooks.platform and the admin scope", async () => {
    const { project, webhook } = await projectWithWebhook("/access");
    const manager = await createUser();
    const developer = await createUser();
    await addMemberWith(project.id, manager.id, "MANAGER");
    await addMemberWith(project.id, developer.id, "DEVELOPER");
    const stranger = await createPartner();
    const strangersProject = await createProjectFor(stranger, { status: "PUBLISHED", visibility: "PUBLIC" });
    const privateProject = await createProjectFor(owner, { status: "DRAFT", visibility: "PRIVATE" });
    const suspended = await createPartner();
    const suspendedProject = await createProjectFor(suspended, { status: "PUBLISHED", visibility: "PUBLIC" });
    await db.user.update({ where: { id: suspended.id }, data: { partnerStatus: "SUSPENDED" } });
    const lead = await createUser({ roles: ["USER", "PROJECT_LEAD"] });
    const teamLead = await createUser({ roles: ["USER", "TEAM_LEAD"] });

    const list = async (userId: string, id: string, scopes: ("read" | "write" | "admin")[] = ["read", "write", "admin"]) =>
      (await call(webhooksRoute.GET, "GET", "/", { token: await tokenFor(userId, scopes), params: { id } })).status;
    expect(await list(manager.id, project.id, ["read"])).toBe(200);
    expect(await list(developer.id, project.id)).toBe(403);
    expect(await list(stranger.id, project.id)).toBe(403); // sees the public project, may not manage it
    expect(await list(stranger.id, privateProject.id)).toBe(404); // does not see it at all
    expect(await list(suspended.id, suspendedProject.id)).toBe(403); // a suspended partner's Owner powers are suspended
    expect(await list(lead.id, project.id)).toBe(200); // projects.override, audited as such
    expect(await list(teamLead.id, privateProject.id)).toBe(403); // reads any project, manages none

    // Another project's webhook through one's own project id: 404, for every endpoint.
    const strangerToken = await tokenFor(stranger.id);
    const foreign = { id: strangersProject.id, webhookId: webhook.id };
    expect((await call(webhookRoute.GET, "GET", "/", { token: strangerToken, params: foreign })).status).toBe(404);
    expect((await call(webhookRoute.PATCH, "PATCH", "/", { token: strangerToken, params: foreign, body: { active: false } })).status).toBe(
      404,
    );
    expect((await call(webhookRoute.DELETE, "DELETE", "/", { token: strangerToken, params: foreign })).status).toBe(404);
    expect((await call(rotateRoute.POST, "POST", "/", { token: strangerToken, params: foreign })).status).toBe(404);
    expect((await call(pingRoute.POST, "POST", "/", { token: strangerToken, params: foreign })).status).toBe(404);
    expect((await call(deliveriesRoute.GET, "GET", "/", { token: strangerToken, params: foreign })).status).toBe(404);
    expect((await db.webhook.findUniqueOrThrow({ where: { id: webhook.id } })).active).toBe(true);

    // Platform webhooks.
    const platformList = async (userId: string, scopes: ("read" | "write" | "admin")[]) =>
      (await call(platformWebhooksRoute.GET, "GET", "/", { token: await tokenFor(userId, scopes) })).status;
    expect(await platformList(lead.id, ["read", "write", "admin"])).toBe(200);
    expect(await platformList(lead.id, ["read", "write"])).toBe(403);
    expect(await platformList(teamLead.id, ["read", "write", "admin"])).toBe(403);
    expect(await platformList(owner.id, ["read", "write", "admin"])).toBe(403);
    const platformHook = await call(platformWebhooksRoute.POST, "POST", "/", {
      token: await tokenFor(lead.id),
      body: { url: `${receiverUrl}/platform`, events: ["user.created"] },
    });
    expect(platformHook.status).toBe(201);
    expect(platformHook.json).toMatchObject({ projectId: null, events: ["user.created"] });
    // A platform webhook is not reachable through a project.
    const viaProject = await call(webhookRoute.GET, "GET", "/", {
      token: await tokenFor(lead.id),
      params: { id: project.id, webhookId: (platformHook.json as { id: string }).id },
    });
    expect(viaProject.status).toBe(404);
  });

  it("keeps the per-project limit when two creates race", async () => {
    const project = await createProjectFor(owner, { status: "PUBLISHED", visibility: "PUBLIC" });
    const { MAX_WEBHOOKS_PER_OWNER } = await import("@/lib/webhooks/schemas");
    const { newWebhookSecret } = await import("@/lib/webhooks/secret");
    await db.webhook.createMany({
      data: Array.from({ length: MAX_WEBHOOKS_PER_OWNER - 1 }, () => ({
        projectId: project.id,
        url: `${receiverUrl}/many`,
        events: ["*"],
        secretSealed: newWebhookSecret(),
      })),
    });
    const create = () =>
      call(webhooksRoute.POST, "POST", "/", {
        token: ownerToken,
        params: { id: project.id },
        body: { url: `${receiverUrl}/race`, events: ["*"] },
      });
    const statuses = (await Promise.all([create(), create()])).map((response) => response.status).sort();
    expect(statuses).toEqual([201, 422]);
    expect(await db.webhook.count({ where: { projectId: project.id } })).toBe(MAX_WEBHOOKS_PER_OWNER);
  });
});
