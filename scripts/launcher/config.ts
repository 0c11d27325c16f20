import { chmod, mkdir, readFile, rename, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/** The environment variables the store reads (XDG_CONFIG_HOME). */
type Environment = Record<string, string | undefined>;

/** A token from device sign-in, kept per server. */
export interface StoredSignIn {
  tokenId: string;
  token: string;
  expiresAt: string | null;
  signedInAt: string;
}

interface ConfigFile {
  servers: Record<string, StoredSignIn>;
}

/** `$XDG_CONFIG_HOME/pums-launcher`, else `~/.config/pums-launcher`. */
export function configFolder(env: Environment = process.env): string {
  const base = env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : path.join(os.homedir(), ".config");
  return path.join(base, "pums-launcher");
}

const configFile = (env?: Environment) => path.join(configFolder(env), "config.json");

async function readConfig(env?: Environment): Promise<ConfigFile> {
  const text = await readFile(configFile(env), "utf8").catch(() => null);
  if (text === null) return { servers: {} };
  const parsed = JSON.parse(text) as Partial<ConfigFile>;
  return { servers: parsed.servers ?? {} };
}

/** The sign-in stored for `server`, unless it has expired. */
export async function signInFor(server: string, env?: Environment): Promise<StoredSignIn | null> {
  const stored = (await readConfig(env)).servers[server];
  if (!stored) return null;
  if (stored.expiresAt && Date.parse(stored.expiresAt) <= Date.now()) return null;
  return stored;
}

/**
 * Stores the token for `server`. The folder is the user's only (0700) and the file 0600, written to
 * a temporary file first so a crash never leaves half a file.
 */
export async function storeSignIn(server: string, signIn: StoredSignIn, env?: Environment): Promise<string> {
  const config = await readConfig(env);
  config.servers[server] = signIn;
  const folder = configFolder(env);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const file = configFile(env);
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  await chmod(temporary, 0o600);
  await rename(temporary, file);
  return file;
}
