// nginx as the caching reverse proxy of the benchmark: started as a child process with the
// documented configuration (bench/nginx/pums.conf, shown in docs/deploy.md) in a folder of its own.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const NGINX_TEMPLATE = path.join(import.meta.dirname, "nginx/pums.conf");

/** The values of the template's @NAME@ placeholders. */
export interface NginxValues {
  CACHE_DIR: string;
  INSTANCE_1: string;
  INSTANCE_2: string;
  LISTEN: string;
  SERVER_NAME: string;
  SCHEME: string;
}

/** The template with its placeholders filled in; a placeholder left without a value is an error. */
export function fillTemplate(template: string, values: NginxValues): string {
  const filled = template.replace(/@([A-Z_0-9]+)@/g, (whole, name: string) => {
    const value = (values as unknown as Record<string, string | undefined>)[name];
    if (value === undefined) throw new Error(`bench/nginx/pums.conf: no value for ${whole}`);
    return value;
  });
  return filled;
}

/** The nginx binary (NGINX, else `nginx` on the PATH, else Debian's /usr/sbin/nginx), or null. */
export function nginxBinary(): string | null {
  for (const candidate of [process.env.NGINX, "nginx", "/usr/sbin/nginx"]) {
    if (!candidate) continue;
    const probe = spawnSync(candidate, ["-v"], { stdio: "ignore" });
    if (probe.status === 0) return candidate;
  }
  return null;
}

export interface RunningProxy {
  /** http://127.0.0.1:<port> */
  base: string;
  dir: string;
  stop(): Promise<void>;
}

/**
 * Starts nginx in the foreground (`daemon off`) on 127.0.0.1:`port`, in front of `instances`
 * (host:port each), with pid, logs, temporary files and the cache in a new folder under the
 * system's temporary folder, removed by stop().
 */
export async function startNginx(port: number, instances: [string, string]): Promise<RunningProxy> {
  const binary = nginxBinary();
  if (!binary) throw new Error("The proxy benchmark needs nginx (Debian: apt-get install -y nginx; or set NGINX to its path).");
  const dir = await mkdtemp(path.join(os.tmpdir(), "pums-nginx-"));
  // nginx's workers run as an unprivileged user when it is started as root: they must reach the folder.
  await chmod(dir, 0o755);
  const site = fillTemplate(await readFile(NGINX_TEMPLATE, "utf8"), {
    CACHE_DIR: path.join(dir, "cache"),
    INSTANCE_1: instances[0],
    INSTANCE_2: instances[1],
    LISTEN: `127.0.0.1:${port}`,
    SERVER_NAME: "localhost",
    SCHEME: "http",
  });
  await writeFile(path.join(dir, "pums.conf"), site);
  const temp = (name: string) => path.join(dir, name);
  const main = [
    // As root the workers need a user that exists; Debian's nginx package creates www-data.
    process.getuid?.() === 0 ? "user www-data;" : "",
    "worker_processes 1;",
    `pid ${temp("nginx.pid")};`,
    `error_log ${temp("error.log")} warn;`,
    "events { worker_connections 1024; }",
    "http {",
    "  access_log off;",
    `  client_body_temp_path ${temp("client_body")};`,
    `  proxy_temp_path ${temp("proxy_temp")};`,
    `  fastcgi_temp_path ${temp("fastcgi")};`,
    `  uwsgi_temp_path ${temp("uwsgi")};`,
    `  scgi_temp_path ${temp("scgi")};`,
    `  include ${temp("pums.conf")};`,
    "}",
    "",
  ].join("\n");
  await writeFile(temp("nginx.conf"), main);
  const child: ChildProcess = spawn(binary, ["-p", dir, "-e", temp("error.log"), "-c", temp("nginx.conf"), "-g", "daemon off;"], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const ready = await Promise.race([waitForPort(port, 10_000).then(() => true), exited.then(() => false)]);
  if (!ready) {
    const log = await readFile(temp("error.log"), "utf8").catch(() => "");
    await rm(dir, { recursive: true, force: true });
    throw new Error(`nginx did not start:\n${log}`);
  }
  return {
    base: `http://127.0.0.1:${port}`,
    dir,
    async stop() {
      // SIGQUIT: graceful shutdown of the master and its workers.
      if (child.exitCode === null) child.kill("SIGQUIT");
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on 127.0.0.1:${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
