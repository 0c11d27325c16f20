import { guardedBy, idParams, operationsOf, pageOf, problem } from "../http/operation";
import {
  launcherKeysSchema,
  launcherProjectSchema,
  launcherSettingsSchema,
  listLauncherProjectsQuerySchema,
  manifestQuerySchema,
  manifestSchema,
} from "./schemas";

/** Reading the integration and configuring it answer alike. */
const SETTINGS_RESPONSES = {
  200: { description: "Launcher settings", schema: launcherSettingsSchema },
  ...guardedBy(
    "launcher.manage",
    problem("Not visible, an APPLICATION_ONLY or PRIVATE project you are not a member of, or the LAUNCHER module is off"),
  ),
};

const { noSignIn, anyone, signedIn } = operationsOf("Launcher");

export const getLauncherOperation = signedIn.get("/api/v1/projects/{id}/launcher", {
  summary: "The project's launcher integration (LAUNCHER module)",
  params: idParams,
  responses: SETTINGS_RESPONSES,
});

export const updateLauncherOperation = signedIn.put("/api/v1/projects/{id}/launcher", {
  reviewedContent: true,
  summary: "Configure the launcher integration",
  description:
    "Needs launcher.manage. What the launcher offers (install, update, repair, game start, choice of versions) and how it starts the game: a program inside the game's folder (relative path, forward slashes, no `..`), per platform if needed, arguments, the minimum launcher version (semver) and memory. Game start needs a program.",
  params: idParams,
  body: launcherSettingsSchema,
  responses: SETTINGS_RESPONSES,
});

export const listLauncherProjectsOperation = anyone.get("/api/v1/launcher/projects", {
  summary: "Projects the launcher offers",
  description:
    "Published projects with the LAUNCHER module on and visibility PUBLIC or LAUNCHER, newest first, with their offers and current STABLE version.",
  cache: "public",
  query: listLauncherProjectsQuerySchema,
  responses: { 200: pageOf("A page of launcher projects", launcherProjectSchema) },
});

export const getLauncherManifestOperation = anyone.get("/api/v1/launcher/projects/{id}/manifest", {
  summary: "A project's launcher manifest (version 2, signed)",
  description:
    "Offers, launch settings, `current` (the release `?channel=` offers: the highest version of that channel and the more stable ones, STABLE ⊂ BETA ⊂ ALPHA, default STABLE; or `?version=` when the project offers versions) with each file's size, sha256, download address (relative to this document's address), install path, platforms and, for archives to extract, their contents; what each channel offers, and the version list when the project offers versions. `?installed=<version>` adds `update` when the project offers updates: only to a higher version, with the files to fetch and the paths to remove; from a yanked version, `installed.state` is YANKED and the update may go to a lower version. `?platform=` keeps the files for one platform and picks its OS's launch settings. Signed with Ed25519 over the RFC 8785 canonical JSON (keys: GET /api/v1/launcher/keys). Answers with an ETag: poll with If-None-Match and get 304 while nothing changed. The launcher offers PUBLIC and LAUNCHER projects; an APPLICATION_ONLY or PRIVATE project's manifest is only for its members (and staff who see every project), 404 for everyone else.",
  cache: "public",
  versioned: true,
  params: idParams,
  query: manifestQuerySchema,
  responses: {
    200: { description: "The manifest", schema: manifestSchema },
    404: problem(
      "No such project, not visible to you, an APPLICATION_ONLY or PRIVATE project you are not a member of, or its LAUNCHER module is off; or `?version=` names no published version you may see, or the project does not offer a choice of versions",
    ),
  },
});

export const getLauncherKeysOperation = noSignIn.get("/api/v1/launcher/keys", {
  summary: "The keys that sign launcher manifests",
  description:
    "Public. Each manifest's `signature.keyId` names one of these keys: the current key first, then earlier ones still published after a key rotation (LAUNCHER_SIGNING_KEY_PREVIOUS), so launchers can check what they stored. `publicKey` is the raw 32-byte Ed25519 key, base64url; the signature covers the RFC 8785 canonical JSON of the manifest without `signature`.",
  cache: "public",
  responses: { 200: { description: "The published keys", schema: launcherKeysSchema } },
});
