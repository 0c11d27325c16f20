import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { untilPrinted } from "./printed";

/** `node -e script`, its output piped here. */
const node = (script: string) => spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "pipe"] });

describe("untilPrinted", () => {
  it("resolves once the child prints the line, also split over two writes and on stderr, and keeps what it prints after", async () => {
    const child = node(
      `process.stderr.write("Listen"); setTimeout(() => console.error("ing on 1"), 50); setTimeout(() => console.log("later"), 150);`,
    );
    const output: string[] = [];
    await untilPrinted(child, /listening on \d/i, { name: "the child", output });
    await new Promise((resolve) => child.once("exit", resolve));
    expect(output.join("")).toBe("Listening on 1\nlater\n");
  });

  it("rejects when the child exits first", async () => {
    await expect(untilPrinted(node("process.exit(3)"), "Listening", { name: "the child" })).rejects.toThrow("the child exited with 3");
  });

  it("rejects after the time allowed, and stops the child first", async () => {
    const child = node("setTimeout(() => {}, 60_000)");
    let stopped = false;
    const waiting = untilPrinted(child, "Listening", {
      name: "the child",
      timeoutMs: 200,
      onTimeout: () => {
        stopped = true;
        child.kill("SIGTERM");
      },
    });
    await expect(waiting).rejects.toThrow("the child did not start within 0.2 s");
    expect(stopped).toBe(true);
  });
});
