// A real SMTP server for tests (npm package smtp-server), run as its own process:
//   node lib/testing/smtp-server.mjs <port>
// It accepts every message on 127.0.0.1 without authentication and prints each one as a JSON line
// {"from", "to": [...], "raw": base64} on stdout; "listening" when ready.
import { SMTPServer } from "smtp-server";

const port = Number(process.argv[2]);
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => {
      const message = {
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        raw: Buffer.concat(chunks).toString("base64"),
      };
      process.stdout.write(`${JSON.stringify(message)}\n`);
      callback();
    });
  },
});
server.listen(port, "127.0.0.1", () => process.stdout.write("listening\n"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
