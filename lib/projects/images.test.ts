import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import * as images from "@/app/api/v1/projects/[id]/images/[kind]/route";
import * as projects from "@/app/api/v1/projects/route";
import { db } from "@/lib/db/client";
import { fileStore } from "@/lib/files/store";
import { createPartner, createProjectFor, tokenFor } from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";
import { MAX_IMAGE_BYTES_PER_PROJECT } from "./images";

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4bf0000000049454e44ae426082",
  "hex",
);

async function upload(token: string, projectId: string, kind: "logo" | "banner", bytes: Buffer = PNG) {
  const version = (await db.project.findUniqueOrThrow({ where: { id: projectId } })).version;
  return images.PUT(
    new Request(`http://127.0.0.1:3000/api/v1/projects/${projectId}/images/${kind}`, {
      method: "PUT",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "image/png",
        "if-match": `"v${version}"`,
        "x-forwarded-for": "10.1.1.1",
      },
      body: new Uint8Array(bytes),
    }),
    { params: Promise.resolve({ id: projectId, kind }) },
  );
}

describe("project images belong to their project (finding 14)", () => {
  it("POST /projects refuses another project's stored image path, and no project serves another's file", async () => {
    const owner = await createPartner();
    const token = await tokenFor(owner.id);
    const victim = await createProjectFor(await createPartner());
    const victimToken = await tokenFor((await db.projectMember.findFirstOrThrow({ where: { projectId: victim.id } })).userId);
    expect((await upload(victimToken, victim.id, "logo")).status).toBe(200);
    const stolen = (await db.project.findUniqueOrThrow({ where: { id: victim.id } })).logoUrl!;
    const created = await call(projects.POST, "POST", "/", {
      token,
      body: { name: "Thief", description: "", game: "G", category: "C", visibility: "PUBLIC", logoUrl: stolen },
    });
    expect(created.status).toBe(400);
    // Even a path written straight into the row does not serve the other project's file.
    const mine = await createProjectFor(owner);
    await db.project.update({ where: { id: mine.id }, data: { logoUrl: stolen.replace(victim.id, mine.id) } });
    expect((await call(images.GET, "GET", "/", { token, params: { id: mine.id, kind: "logo" } })).status).toBe(404);
    expect((await call(images.GET, "GET", "/", { token: victimToken, params: { id: victim.id, kind: "logo" } })).status).toBe(200);
  });
});

describe("replaced images and the per-project quota (finding 20)", () => {
  it("deletes the replaced file (row and bytes) after the change commits", async () => {
    const owner = await createPartner();
    const project = await createProjectFor(owner);
    const token = await tokenFor(owner.id);
    expect((await upload(token, project.id, "logo")).status).toBe(200);
    const first = await db.storedFile.findMany({ where: { projectId: project.id } });
    expect(first).toHaveLength(1);
    expect((await upload(token, project.id, "logo")).status).toBe(200);
    const after = await db.storedFile.findMany({ where: { projectId: project.id } });
    expect(after.map((file) => file.id)).not.toContain(first[0].id);
    expect(after).toHaveLength(1);
    expect(await fileStore().get(first[0].storageKey)).toBeNull();
  });

  it("refuses an upload that would take the project's stored images over the quota", async () => {
    const owner = await createPartner();
    const project = await createProjectFor(owner);
    await db.storedFile.create({
      data: { projectId: project.id, storageKey: randomUUID(), contentType: "image/png", size: MAX_IMAGE_BYTES_PER_PROJECT, sha256: "x" },
    });
    const response = await upload(await tokenFor(owner.id), project.id, "banner");
    expect(response.status).toBe(413);
  });
});
