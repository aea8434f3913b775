import { decode as decodeJwe, encode as encodeJwe, type JWT, type JWTDecodeParams, type JWTEncodeParams } from "next-auth/jwt";
import { LRUCache } from "lru-cache";

/**
 * next-auth's session cookie codec, with its decode remembered (issue 30: checkout near its floor).
 * next-auth derives its key from the secret (HKDF) and decrypts the cookie at every read: the proxy
 * reads it, then getServerSession reads it again in the same request, and every request of a
 * signed-in person carries the same cookie until it is rewritten. The decrypted payload of a
 * cookie string never changes (it is authenticated encryption), so it is kept by cookie string for
 * a minute: one decryption per cookie per instance instead of two per request. Its expiry is still
 * checked at each read, as next-auth does (with its 15 s tolerance). The format is next-auth's own:
 * a cookie written by either reads with the other.
 */
const DECODED_TTL_MS = 60_000;
const CLOCK_TOLERANCE_S = 15;
/**
 * One per bundle (proxy.ts is bundled apart from the pages and actions, and the house rule keeps
 * state off globalThis): each decrypts a cookie once a minute at most, not once per request.
 */
const decoded = new LRUCache<string, JWT>({ max: 10_000, ttl: DECODED_TTL_MS });

export async function decodeSession(params: JWTDecodeParams): Promise<JWT | null> {
  const { token, secret, salt = "" } = params;
  if (!token) return null;
  const key = `${salt}\u0000${typeof secret === "string" ? secret : ""}\u0000${token}`;
  let payload = decoded.get(key);
  if (!payload) {
    const fresh = await decodeJwe(params);
    if (!fresh) return null;
    payload = fresh;
    decoded.set(key, payload);
  }
  if (typeof payload.exp === "number" && payload.exp + CLOCK_TOLERANCE_S < Date.now() / 1000) {
    decoded.delete(key);
    throw new Error("session token expired");
  }
  // A copy: callers (the jwt callback) change the token they are given.
  return { ...payload };
}

export function encodeSession(params: JWTEncodeParams): Promise<string> {
  return encodeJwe(params);
}
