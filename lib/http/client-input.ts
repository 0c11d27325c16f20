import { BadRequest, ValidationFailed } from "../errors";

/**
 * How deep client JSON may nest. The deepest body any operation accepts is 5 levels (the launcher
 * settings); 32 leaves room for growth. Without a bound, valid JSON a few thousand levels deep
 * overflowed the stack of every recursive walk after JSON.parse (issue 23, finding 13).
 */
export const MAX_JSON_DEPTH = 32;

/**
 * The one way client JSON is parsed: the nesting depth is checked on the raw text, in one pass
 * without recursion, before JSON.parse builds anything.
 */
export function parseClientJson(raw: string): unknown {
  if (nestsTooDeep(raw)) throw new JsonTooDeep();
  try {
    return JSON.parse(raw);
  } catch {
    throw new BadRequest("The body is not valid JSON.", "malformed_json");
  }
}

export class JsonTooDeep extends BadRequest {
  constructor() {
    super(`The JSON nests deeper than ${MAX_JSON_DEPTH} levels.`, "too_deep");
  }
}

/** Whether JSON text nests deeper than MAX_JSON_DEPTH. */
export function nestsTooDeep(raw: string): boolean {
  return jsonDepth(raw, MAX_JSON_DEPTH) > MAX_JSON_DEPTH;
}

/**
 * How deep JSON text nests, counted up to `limit + 1`: one pass counting `[` and `{` outside
 * strings (brackets inside strings are text, and `\"` does not end one), no recursion.
 */
export function jsonDepth(raw: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < raw.length; index++) {
    const char = raw.charCodeAt(index);
    if (inString) {
      if (char === BACKSLASH) index++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (char === OPEN_BRACKET || char === OPEN_BRACE) {
      deepest = Math.max(deepest, ++depth);
      if (deepest > limit) return deepest;
    } else if (char === CLOSE_BRACKET || char === CLOSE_BRACE) {
      depth--;
    }
  }
  return deepest;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * PostgreSQL text cannot hold NUL, so a NUL anywhere in client input would fail deep in the
 * database: refuse it at the door, naming the field (keys included). Iterative and linear (each
 * entry links to its parent; a path is spelled out only for the NUL found), so no input can
 * exhaust the stack. Fields are visited in document order; the first NUL is reported.
 */
export function assertNoNul(value: unknown): void {
  const pending: Visit[] = [{ value, key: null, parent: null }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const item = visit.value;
    if (typeof item === "string") {
      if (item.includes("\u0000"))
        throw new ValidationFailed([{ path: pathOf(visit), message: "Text may not contain NUL (control) characters." }]);
    } else if (item !== null && typeof item === "object") {
      const children: Visit[] = Array.isArray(item)
        ? item.map((child, index) => ({ value: child, key: String(index), parent: visit }))
        : Object.entries(item).flatMap(([key, child]) => [
            { value: key, key, parent: visit },
            { value: child, key, parent: visit },
          ]);
      // A stack: pushed last-first, so the first child is looked at first.
      for (let index = children.length - 1; index >= 0; index--) pending.push(children[index]);
    }
  }
}

interface Visit {
  value: unknown;
  /** The key or index under the parent; null for the root. */
  key: string | null;
  parent: Visit | null;
}

function pathOf(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | null = visit; at && at.key !== null; at = at.parent) keys.push(at.key);
  return keys.reverse().join(".");
}
