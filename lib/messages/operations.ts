import {
  guardedBy,
  idParams,
  ifMatchProblems,
  INVALID_CURSOR,
  INVALID_FIELDS,
  operationsOf,
  pageOf,
  pathIds,
  problem,
  projectModuleNotVisible,
} from "../http/operation";
import { paginationQuerySchema } from "../http/pagination";
import { messageInputSchema, messageSchema } from "./schemas";

const messageParams = pathIds("id", "messageId");
const NOT_VISIBLE = projectModuleNotVisible("Messages");
const MESSAGE_NOT_VISIBLE = problem("No such announcement, or not visible to you");

const { anyone, signedIn } = operationsOf("Messages");

export const listMessagesOperation = anyone.get("/api/v1/projects/{id}/messages", {
  summary: "The project's announcements, newest first",
  description: "Module MESSAGES, for whoever can see the project. `body` is Markdown; `html` is it rendered and sanitized.",
  params: idParams,
  query: paginationQuerySchema,
  responses: { 200: pageOf("A page of announcements", messageSchema), 400: INVALID_CURSOR, 404: NOT_VISIBLE },
});

export const createMessageOperation = signedIn.post("/api/v1/projects/{id}/messages", {
  summary: "Post an announcement",
  description: "Needs messages.manage. Every other member of the team gets a notification.",
  idempotent: true,
  params: idParams,
  body: messageInputSchema,
  responses: {
    201: { description: "The announcement, with the ETag to edit it", schema: messageSchema, headers: ["Location", "ETag"] },
    400: INVALID_FIELDS,
    ...guardedBy("messages.manage", NOT_VISIBLE),
  },
});

export const replaceMessageOperation = signedIn.put("/api/v1/projects/{id}/messages/{messageId}", {
  summary: "Edit an announcement",
  description:
    'Needs messages.manage. Replaces the title and text; send the announcement\'s `version` as `If-Match: "v<version>"`. Nobody is notified again.',
  versioned: true,
  params: messageParams,
  body: messageInputSchema,
  responses: {
    200: { description: "The announcement, with its new ETag", schema: messageSchema },
    400: INVALID_FIELDS,
    ...guardedBy("messages.manage", MESSAGE_NOT_VISIBLE),
    ...ifMatchProblems("Stale If-Match: the announcement changed meanwhile"),
  },
});

export const deleteMessageOperation = signedIn.delete("/api/v1/projects/{id}/messages/{messageId}", {
  summary: "Delete an announcement",
  params: messageParams,
  responses: { 204: { description: "Deleted" }, ...guardedBy("messages.manage", MESSAGE_NOT_VISIBLE) },
});
