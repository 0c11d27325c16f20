// A test process that starts a server through spawnServer and never stops it. It prints the
// server's PID and port, then exits at once (`exit`) or waits to be killed (`wait`).
import path from "node:path";
import { spawnServer } from "../serve-process";

const { server, output } = await spawnServer(path.join(import.meta.dirname, "listen.mjs"), {});
const port = Number(/Listening on (\d+)/.exec(output.join(""))![1]);
console.log(JSON.stringify({ pid: server.pid, port }));
if (process.argv[2] === "exit") process.exit(0);
setInterval(() => {}, 60_000);
