import { describe, expect, it } from "vitest";
import * as notificationsRoute from "@/app/api/v1/users/me/notifications/route";
import { db } from "@/lib/db/client";
import { actorOf, createUser, tokenFor, unique } from "@/lib/testing/factories";
import { call } from "@/lib/testing/http";
import { listNotifications, notify } from "./service";

async function userSpeaking(language: string) {
  const user = await createUser();
  return db.user.update({ where: { id: user.id }, data: { language } });
}

async function rejectionFor(userId: string, project: string) {
  await db.$transaction((tx) =>
    notify(tx, [userId], { kind: "review.rejected", params: { project, reason: "Mehr Bilder, bitte." }, link: "/x" }),
  );
}

describe("notifications in the reader's language", () => {
  it("the API answers in the user's language setting, with the params; a regional setting counts as its language", async () => {
    const project = unique("Projekt ");
    const german = await userSpeaking("de-AT");
    const english = await userSpeaking("en");
    await rejectionFor(german.id, project);
    await rejectionFor(english.id, project);
    const inbox = async (userId: string) =>
      (await call(notificationsRoute.GET, "GET", "/", { token: await tokenFor(userId) })).json!.data as Record<string, unknown>[];
    expect(await inbox(german.id)).toMatchObject([
      {
        kind: "review.rejected",
        title: `${project} wurde nicht freigegeben`,
        body: "Mehr Bilder, bitte.",
        params: { project, reason: "Mehr Bilder, bitte." },
      },
    ]);
    expect(await inbox(english.id)).toMatchObject([{ title: `${project} was not approved`, body: "Mehr Bilder, bitte." }]);
  });

  it("a language without a catalogue gets English; the portal may ask for the page's language instead", async () => {
    const project = unique("Project ");
    const french = await userSpeaking("fr");
    await rejectionFor(french.id, project);
    expect((await listNotifications(actorOf(french), false))[0]).toMatchObject({ title: `${project} was not approved` });
    expect((await listNotifications(actorOf(french), false, "de"))[0]).toMatchObject({ title: `${project} wurde nicht freigegeben` });
  });

  it("stores the English text too, and rows from before params keep their stored text", async () => {
    const german = await userSpeaking("de");
    const project = unique("Projekt ");
    await rejectionFor(german.id, project);
    expect(await db.notification.findFirstOrThrow({ where: { userId: german.id } })).toMatchObject({
      title: `${project} was not approved`,
      body: "Mehr Bilder, bitte.",
    });
    await db.notification.create({
      data: { userId: german.id, kind: "review.approved", title: "Old text as written", createdAt: new Date(Date.now() - 60_000) },
    });
    const listed = await listNotifications(actorOf(german), false);
    expect(listed.map((entry) => [entry.title, entry.params === null])).toEqual([
      [`${project} wurde nicht freigegeben`, false],
      ["Old text as written", true],
    ]);
  });
});
