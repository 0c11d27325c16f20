// Preloaded (`node --import`) into a server a test starts (lib/testing/serve-process.ts). Its stdin
// is a pipe from the test process; when that process is gone, however it ended, the pipe closes
// and the server stops as on SIGTERM (scripts/serve.mjs finishes its requests, then exits).
process.stdin.on("end", () => process.kill(process.pid, "SIGTERM"));
process.stdin.resume();
