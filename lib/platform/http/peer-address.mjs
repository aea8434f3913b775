// The request header in which scripts/server.mjs records the address of the socket's peer (the
// visitor, or the proxy in front). Plain JavaScript so the server script can import it too.
export const PEER_ADDRESS_HEADER = "x-peer-address";
