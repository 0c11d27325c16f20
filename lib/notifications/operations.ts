import { z } from "zod";
import { HIDDEN_PROJECT, idParams, idSchema, listOf, operationsOf, problem, STALE_IF_MATCH } from "../http/operation";
import { notificationSchema } from "./service";
import { notificationSettingsInputSchema, notificationSettingsSchema } from "./settings";

const { signedIn } = operationsOf("Notifications");

export const notificationsOperation = signedIn.get("/api/v1/users/me/notifications", {
  operationId: "listNotifications",
  summary: "Your notifications, newest first",
  query: z.strictObject({
    unread: z
      .enum(["true", "false"])
      .transform((value) => value === "true")
      .optional(),
  }),
  responses: { 200: listOf("Notifications", notificationSchema) },
});

export const readNotificationsOperation = signedIn.post("/api/v1/users/me/notifications/read", {
  operationId: "markNotificationsRead",
  summary: "Mark notifications read (all, or the given ids)",
  body: z.strictObject({ ids: z.array(idSchema).max(100).optional() }),
  responses: { 200: { description: "How many were marked", schema: z.object({ marked: z.int() }) } },
});

export const getNotificationSettingsOperation = signedIn.get("/api/v1/users/me/notification-settings", {
  summary: "Your channels per kind of notification: in the portal, by mail",
  description:
    "Every kind with `{inApp, email}`. Kinds you never set take the defaults: in the portal always; by mail the decisions and team changes while your account's `settings.emailNotifications` is on. Security notices are not kinds here and cannot be switched off.",
  responses: { 200: { description: "Every kind", schema: notificationSettingsSchema } },
});

export const updateNotificationSettingsOperation = signedIn.put("/api/v1/users/me/notification-settings", {
  summary: "Set your channels for the kinds you name",
  body: notificationSettingsInputSchema,
  responses: {
    200: { description: "Every kind afterwards", schema: notificationSettingsSchema },
    400: problem("An unknown kind or channel"),
  },
});

const followSchema = z.object({ following: z.boolean() });

/** Following and unfollowing refuse alike: 404 for a project the caller cannot see, 412 for a stale optional If-Match. */
const FOLLOW_PROBLEMS = { 404: HIDDEN_PROJECT, 412: STALE_IF_MATCH };

export const followProjectOperation = signedIn.put("/api/v1/projects/{id}/follow", {
  summary: "Follow a project: hear of its releases and announcements",
  description: "For whoever can see the project; following twice is the same as once.",
  params: idParams,
  ifMatch: "optional",
  responses: { 200: { description: "Following", schema: followSchema }, ...FOLLOW_PROBLEMS },
});

export const unfollowProjectOperation = signedIn.delete("/api/v1/projects/{id}/follow", {
  summary: "Stop following a project",
  params: idParams,
  ifMatch: "optional",
  responses: { 200: { description: "Not following", schema: followSchema }, ...FOLLOW_PROBLEMS },
});
