// A TCP port nobody listens on at this moment, on loopback (the OS picks it): for servers the scripts
// and tests start (Janus, a throwaway PostgreSQL, the embedded default's checkouts).
import net from "node:net";

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
