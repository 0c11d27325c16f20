import { z } from "zod";
import { defineOperation, guardedBy, idParams, idSchema, pageOf, problem, projectModuleNotVisible } from "../http/operation";
import { paginationQuerySchema } from "../http/pagination";
import { messageInputSchema, messageSchema } from "./schemas";

const messageParams = z.strictObject({ id: idSchema, messageId: idSchema });
const NOT_VISIBLE = projectModuleNotVisible("Messages");

export const listMessagesOperation = defineOperation({
  method: "GET",
  path: "/api/v1/projects/{id}/messages",
  tag: "Messages",
  summary: "The project's announcements, newest first",
  description: "Module MESSAGES, for whoever can see the project. `body` is Markdown; `html` is it rendered and sanitized.",
  auth: "optional",
  params: idParams,
  query: paginationQuerySchema,
  responses: { 200: pageOf("A page of announcements", messageSchema), 400: problem("Invalid cursor"), 404: NOT_VISIBLE },
});

export const createMessageOperation = defineOperation({
  method: "POST",
  path: "/api/v1/projects/{id}/messages",
  tag: "Messages",
  summary: "Post an announcement",
  description: "Needs messages.manage. Every other member of the team gets a notification.",
  auth: "required",
  idempotent: true,
  params: idParams,
  body: messageInputSchema,
  responses: {
    201: { description: "The announcement, with the ETag to edit it", schema: messageSchema, headers: ["Location", "ETag"] },
    400: problem("Invalid fields"),
    ...guardedBy("messages.manage", NOT_VISIBLE),
  },
});

export const replaceMessageOperation = defineOperation({
  method: "PUT",
  path: "/api/v1/projects/{id}/messages/{messageId}",
  tag: "Messages",
  summary: "Edit an announcement",
  description:
    'Needs messages.manage. Replaces the title and text; send the announcement\'s `version` as `If-Match: "v<version>"`. Nobody is notified again.',
  auth: "required",
  versioned: true,
  params: messageParams,
  body: messageInputSchema,
  responses: {
    200: { description: "The announcement, with its new ETag", schema: messageSchema },
    400: problem("Invalid fields"),
    403: problem("Needs messages.manage"),
    404: problem("No such announcement, or not visible to you"),
    412: problem("Stale If-Match: the announcement changed meanwhile"),
    428: problem("If-Match missing"),
  },
});

export const deleteMessageOperation = defineOperation({
  method: "DELETE",
  path: "/api/v1/projects/{id}/messages/{messageId}",
  tag: "Messages",
  summary: "Delete an announcement",
  auth: "required",
  params: messageParams,
  responses: { 204: { description: "Deleted" }, ...guardedBy("messages.manage", problem("No such announcement, or not visible to you")) },
});
