import { z } from "zod";
import { isShallowMarkdown, MARKDOWN_TOO_DEEP } from "../markdown/schemas";

/** Announcement fields, shared by the API, the portal's form and the OpenAPI document. */

export const MAX_MESSAGE_TITLE = 120;
export const MAX_MESSAGE_BODY = 5000;

export const messageInputSchema = z.strictObject({
  title: z.string().trim().min(1, "Give the announcement a title.").max(MAX_MESSAGE_TITLE, `Use at most ${MAX_MESSAGE_TITLE} characters.`),
  /** Markdown, sanitized on output like project pages. */
  body: z
    .string()
    .trim()
    .min(1, "Write the announcement.")
    .max(MAX_MESSAGE_BODY, `Use at most ${MAX_MESSAGE_BODY.toLocaleString("en")} characters.`)
    .refine(isShallowMarkdown, MARKDOWN_TOO_DEEP),
});
export type MessageInput = z.infer<typeof messageInputSchema>;

export const messageSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  version: z
    .int()
    .describe(
      'The revision to send in If-Match (`"v<version>"`) to edit the announcement. Made from its title and text, it changes whenever they do; it does not count edits.',
    ),
  title: z.string(),
  body: z.string(),
  /** The body rendered to sanitized HTML. */
  html: z.string(),
  /** Null once the author's account is gone. */
  author: z.object({ id: z.string(), username: z.string(), displayName: z.string(), avatarUrl: z.string().nullable() }).nullable(),
  createdAt: z.iso.datetime(),
});
export type MessageView = z.infer<typeof messageSchema>;
