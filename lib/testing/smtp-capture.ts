import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { simpleParser, type ParsedMail } from "mailparser";

export interface CapturedMail {
  envelope: { from: string | null; to: string[] };
  parsed: ParsedMail;
}

/**
 * Starts lib/testing/smtp-server.mjs (the npm smtp-server package) as a child process on
 * 127.0.0.1:`port` and collects what it receives, parsed with mailparser.
 */
export async function startSmtpCapture(port: number, onMail?: (mail: CapturedMail) => void) {
  const child: ChildProcess = spawn(process.execPath, [path.join(import.meta.dirname, "smtp-server.mjs"), String(port)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const received: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const lines = createInterface({ input: child.stdout! });
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`The SMTP test server exited (${code}); is port ${port} taken?`)));
    lines.on("line", (line) => {
      if (line === "listening") return resolve();
      const message = JSON.parse(line) as { from: string | null; to: string[]; raw: string };
      void simpleParser(Buffer.from(message.raw, "base64")).then((parsed) => {
        const mail = { envelope: { from: message.from, to: message.to }, parsed };
        received.push(mail);
        onMail?.(mail);
        for (const wake of waiters) wake();
      });
    });
  });

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The first mail to `address` matching `match`, waiting up to `timeoutMs`. */
    async waitFor(address: string, match: (mail: CapturedMail) => boolean = () => true, timeoutMs = 20_000): Promise<CapturedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find((mail) => mail.envelope.to.includes(address) && match(mail));
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No mail to ${address} arrived within ${timeoutMs} ms (got ${received.length} others).`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, Math.min(left, 250));
          waiters.add(wake);
        });
      }
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}
