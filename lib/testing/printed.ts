import type { ChildProcess } from "node:child_process";

/**
 * Resolves once `child` has printed `ready` on stdout or stderr (a server saying it listens);
 * rejects if the child exits first or, with `timeoutMs`, takes longer, after `onTimeout` (which
 * stops it). Everything the child prints, then and later, goes on into `output`; `name` names the
 * child in the errors, which carry what it printed.
 */
export function untilPrinted(
  child: ChildProcess,
  ready: string | RegExp,
  { name, output = [], timeoutMs, onTimeout }: { name: string; output?: string[]; timeoutMs?: number; onTimeout?: () => void },
): Promise<void> {
  return new Promise((resolve, reject) => {
    // What it printed until `ready`; after that only `output` grows.
    let seen: string | null = "";
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            onTimeout?.();
            reject(new Error(`${name} did not start within ${timeoutMs / 1000} s:\n${output.join("")}`));
          }, timeoutMs);
    const read = (chunk: Buffer) => {
      output.push(String(chunk));
      if (seen === null) return;
      seen += String(chunk);
      if (typeof ready === "string" ? seen.includes(ready) : ready.test(seen)) {
        seen = null;
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code}:\n${output.join("")}`));
    });
  });
}
