// The smallest server spawnServer accepts: it listens on a free port and says so.
import http from "node:http";

const server = http.createServer((_req, res) => res.end("ok"));
server.listen(0, "127.0.0.1", () => console.log(`Listening on ${server.address().port}`));
