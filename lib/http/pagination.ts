import { z } from "zod";
import { BadRequest } from "../errors";
import { parseClientJson } from "./client-input";

/** Cursor pagination: `?limit=` (default 20, max 100) `&cursor=`, answered as `{ data, nextCursor }`. */
export const paginationQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), nextCursor: z.string().nullable() });
}

/** A position in a list ordered by (createdAt desc, id desc). */
export interface Position {
  createdAt: Date;
  id: string;
}

export function encodeCursor(position: Position): string {
  return Buffer.from(JSON.stringify([position.createdAt.toISOString(), position.id])).toString("base64url");
}

export function decodeCursor(cursor: string | undefined): Position | null {
  if (!cursor) return null;
  try {
    const [createdAt, id] = parseClientJson(Buffer.from(cursor, "base64url").toString("utf8")) as [string, string];
    const date = new Date(createdAt);
    if (typeof id !== "string" || Number.isNaN(date.getTime())) throw new Error("bad cursor");
    return { createdAt: date, id };
  } catch {
    throw new BadRequest("The cursor is not valid. Start again without it.", "invalid_cursor");
  }
}

/** Prisma `where` for the rows after `position` in (createdAt desc, id desc) order. */
export function afterPosition(position: Position | null) {
  if (!position) return {};
  return {
    OR: [{ createdAt: { lt: position.createdAt } }, { createdAt: position.createdAt, id: { lt: position.id } }],
  };
}

export const NEWEST_FIRST = [{ createdAt: "desc" as const }, { id: "desc" as const }];

/** Call with `limit + 1` rows fetched: returns the page and the cursor of the next one. */
export function toPage<T extends Position, R>(rows: T[], limit: number, present: (row: T) => R) {
  const more = rows.length > limit;
  const pageRows = more ? rows.slice(0, limit) : rows;
  return {
    data: pageRows.map(present),
    nextCursor: more ? encodeCursor(pageRows[pageRows.length - 1]) : null,
  };
}
