"use server";

import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { ValidationFailed } from "@/lib/errors";
import { portalAction } from "@/lib/portal/action";
import { createProjectFormSchema } from "@/lib/projects/schemas";
import { createProject } from "@/lib/projects/service";
import { findActiveUserId } from "@/lib/users/service";

export const createProjectAction = portalAction({
  signIn: "/projects/new",
  args: z.tuple([createProjectFormSchema]),
  run: async ([{ ownerUsername, ...fields }], { actor, meta }) => {
    const ownerId = ownerUsername ? await findActiveUserId(ownerUsername) : undefined;
    if (ownerId === null)
      throw new ValidationFailed([{ path: "ownerUsername", message: "There is no active account with this username." }]);
    const project = await createProject(
      actor,
      { ...fields, ownerId, bannerUrl: null, logoUrl: null, websiteUrl: null, chatUrl: null, trailerUrl: null },
      meta,
    );
    return { message: (await getTranslations("projects.create"))("created"), data: { slug: project.slug } };
  },
  redirect: (_, data) => `/projects/${data!.slug}/manage?created=1`,
  // The service names the owner by id; the form asks for a username.
  fieldNames: { ownerId: "ownerUsername" },
});
