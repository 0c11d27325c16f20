import { DEFAULT_ROLE_KEYS, type DefaultRoleKey } from "@/lib/permissions";

/**
 * A role's name on screen: a default role in the reader's language (`labels.defaultRole`), a custom
 * role as its team wrote it. `defaultName` is `(key) => t(key)` of the `labels.defaultRole` translator.
 */
export function roleName(role: { key: string | null; name: string }, defaultName: (key: DefaultRoleKey) => string): string {
  return role.key && (DEFAULT_ROLE_KEYS as readonly string[]).includes(role.key) ? defaultName(role.key as DefaultRoleKey) : role.name;
}
