import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { S3Settings } from "../files/store";
import { untilPrinted } from "./printed";

/**
 * A real S3-protocol server (the npm package s3rver) as a child process on loopback, writing to a
 * throw-away folder: the S3 store is tested against the protocol, not a mock of the client.
 */
export async function startS3rver(
  port: number,
  bucket = "pums-test",
): Promise<{ settings: S3Settings; directory: string; stop: () => Promise<void> }> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "pums-s3rver-"));
  const bin = createRequire(import.meta.url).resolve("s3rver/bin/s3rver.js");
  const child: ChildProcess = spawn(
    process.execPath,
    [bin, "-d", directory, "-a", "127.0.0.1", "-p", String(port), "--configure-bucket", bucket, "--no-vhost-buckets"],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  await untilPrinted(child, /listening/i, { name: `s3rver on 127.0.0.1:${port}`, timeoutMs: 15_000 });
  return {
    directory,
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      region: "us-east-1",
      forcePathStyle: true,
    },
    stop: async () => {
      child.removeAllListeners("exit");
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
