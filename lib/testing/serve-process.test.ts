/**
 * A server a test starts (lib/testing/serve-process.ts) ends with the test process, also when
 * stop() never ran: a hook timeout, or Vitest's pool ending the worker with SIGTERM or SIGKILL.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.join(import.meta.dirname, "../..");
const TEST_PROCESS = path.join(import.meta.dirname, "serve-process-fixtures/test-process.ts");

describe("a server started through spawnServer, never stopped", () => {
  it.each([
    { end: "exits", how: "exit" },
    { end: "is sent SIGTERM", how: "SIGTERM" },
    { end: "is sent SIGKILL", how: "SIGKILL" },
  ] as const)("is gone, and its port closed, once the test process $end", async ({ how }) => {
    const testProcess = spawn(process.execPath, ["--import", "tsx", TEST_PROCESS, how === "exit" ? "exit" : "wait"], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise((resolve) => testProcess.once("exit", resolve));
    const { pid, port } = JSON.parse(await firstLine(testProcess)) as { pid: number; port: number };
    try {
      expect(running(pid)).toBe(true);
      if (how !== "exit") testProcess.kill(how);
      await exited;
      await expect.poll(() => refused(port), { timeout: 10_000 }).toBe(true);
      expect(running(pid)).toBe(false);
    } finally {
      if (running(pid)) process.kill(pid, "SIGKILL");
    }
  });
});

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    child.stdout!.setEncoding("utf8");
    child.stdout!.on("data", (chunk: string) => {
      text += chunk;
      if (text.includes("\n")) resolve(text.slice(0, text.indexOf("\n")));
    });
    child.once("exit", (code) => reject(new Error(`The test process exited with ${code} before it printed: ${text}`)));
  });
}

/**
 * Whether the process runs; one that has ended but was not yet reaped (a zombie: here nothing may
 * reap an orphan) does not.
 */
function running(pid: number): boolean {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return false;
  const state = readFileSync(stat, "utf8").split(") ")[1]?.[0];
  return state !== "Z" && state !== "X";
}

/** Whether a connection to the port is refused: nothing listens there any more. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}
