import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { NotFound } from "@/lib/errors";
import { addMemberWith, createPartner, createProjectFor, createUser } from "@/lib/testing/factories";
import { listedProjectsOf } from "@/lib/projects/showcase";
import { publicProfilePage } from "./profile";

describe("a person's public page", () => {
  it("lists the projects the directory shows everyone, and no others; the birth date only where shown", async () => {
    const owner = await createPartner();
    const person = await createUser();
    await db.user.update({ where: { id: person.id }, data: { dateOfBirth: new Date("1999-09-09") } });
    const listed = await createProjectFor(owner, { status: "PUBLISHED" });
    const byApplication = await createProjectFor(owner, { status: "PUBLISHED", visibility: "APPLICATION_ONLY" });
    const hidden = [
      await createProjectFor(owner, { status: "PUBLISHED", visibility: "PRIVATE" }),
      await createProjectFor(owner, { status: "PUBLISHED", visibility: "LAUNCHER" }),
      await createProjectFor(owner, { status: "DRAFT" }),
      await createProjectFor(owner, { status: "PUBLISHED" }),
    ];
    await db.project.update({ where: { id: hidden[3]!.id }, data: { deletedAt: new Date() } });
    for (const project of [listed, byApplication, ...hidden]) await addMemberWith(project.id, person.id, "TESTER");
    const page = await publicProfilePage(person.username.toUpperCase());
    expect(page.profile).toEqual({ id: person.id, username: person.username, displayName: person.displayName, avatarUrl: null });
    expect((await listedProjectsOf(person.id)).map((project) => project.id).sort()).toEqual([listed.id, byApplication.id].sort());
    await db.user.update({ where: { id: person.id }, data: { settings: { showDateOfBirth: true } } });
    expect((await publicProfilePage(person.username)).profile.dateOfBirth).toBe("1999-09-09");
  });

  it("is not found for an unknown username", async () => {
    await expect(publicProfilePage("nobody-here-at-all")).rejects.toBeInstanceOf(NotFound);
  });
});
