import { z } from "zod";
import { defineOperation, idParams, idSchema, listOf, problem } from "../http/operation";
import { notificationSchema } from "./service";
import { notificationSettingsInputSchema, notificationSettingsSchema } from "./settings";

export const notificationsOperation = defineOperation({
  operationId: "listNotifications",
  method: "GET",
  path: "/api/v1/users/me/notifications",
  tag: "Notifications",
  summary: "Your notifications, newest first",
  auth: "required",
  query: z.strictObject({
    unread: z
      .enum(["true", "false"])
      .transform((value) => value === "true")
      .optional(),
  }),
  responses: { 200: listOf("Notifications", notificationSchema) },
});

export const readNotificationsOperation = defineOperation({
  operationId: "markNotificationsRead",
  method: "POST",
  path: "/api/v1/users/me/notifications/read",
  tag: "Notifications",
  summary: "Mark notifications read (all, or the given ids)",
  auth: "required",
  body: z.strictObject({ ids: z.array(idSchema).max(100).optional() }),
  responses: { 200: { description: "How many were marked", schema: z.object({ marked: z.int() }) } },
});

export const getNotificationSettingsOperation = defineOperation({
  method: "GET",
  path: "/api/v1/users/me/notification-settings",
  tag: "Notifications",
  summary: "Your channels per kind of notification: in the portal, by mail",
  description:
    "Every kind with `{inApp, email}`. Kinds you never set take the defaults: in the portal always; by mail the decisions and team changes while your account's `settings.emailNotifications` is on. Security notices are not kinds here and cannot be switched off.",
  auth: "required",
  responses: { 200: { description: "Every kind", schema: notificationSettingsSchema } },
});

export const updateNotificationSettingsOperation = defineOperation({
  method: "PUT",
  path: "/api/v1/users/me/notification-settings",
  tag: "Notifications",
  summary: "Set your channels for the kinds you name",
  auth: "required",
  body: notificationSettingsInputSchema,
  responses: {
    200: { description: "Every kind afterwards", schema: notificationSettingsSchema },
    400: problem("An unknown kind or channel"),
  },
});

const followSchema = z.object({ following: z.boolean() });

export const followProjectOperation = defineOperation({
  method: "PUT",
  path: "/api/v1/projects/{id}/follow",
  tag: "Notifications",
  summary: "Follow a project: hear of its releases and announcements",
  description: "For whoever can see the project; following twice is the same as once.",
  auth: "required",
  params: idParams,
  ifMatch: "optional",
  responses: { 200: { description: "Following", schema: followSchema }, 404: problem("Not visible"), 412: problem("Stale If-Match") },
});

export const unfollowProjectOperation = defineOperation({
  method: "DELETE",
  path: "/api/v1/projects/{id}/follow",
  tag: "Notifications",
  summary: "Stop following a project",
  auth: "required",
  params: idParams,
  ifMatch: "optional",
  responses: { 200: { description: "Not following", schema: followSchema }, 404: problem("Not visible"), 412: problem("Stale If-Match") },
});
