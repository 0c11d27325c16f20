import { z } from "zod";
import { defineOperation, idSchema } from "../http/operation";
import { notificationSchema } from "./service";

const id = idSchema;

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
  responses: { 200: { description: "Notifications", schema: z.object({ data: z.array(notificationSchema) }) } },
});

export const readNotificationsOperation = defineOperation({
  operationId: "markNotificationsRead",
  method: "POST",
  path: "/api/v1/users/me/notifications/read",
  tag: "Notifications",
  summary: "Mark notifications read (all, or the given ids)",
  auth: "required",
  body: z.strictObject({ ids: z.array(id).max(100).optional() }),
  responses: { 200: { description: "How many were marked", schema: z.object({ marked: z.int() }) } },
});
