import hkdf from "@panva/hkdf";
import { EncryptJWT, jwtDecrypt } from "jose";
import { LRUCache } from "lru-cache";
import type { JWT, JWTDecodeParams, JWTEncodeParams } from "next-auth/jwt";

/**
 * next-auth's session cookie codec (issue 30: checkout near its floor), in next-auth's own format
 * (JWE, dir + A256GCM, the key derived from the secret by HKDF with next-auth's info string): a
 * cookie written by either reads with the other (session-token.test.ts). Two costs of next-auth's
 * own codec are taken out of the request path:
 * - the key: next-auth derives it from the secret at every encode and decode (three times in a
 *   signed-in request: the proxy's read, the page's read and the cookie it writes back). It
 *   depends on the secret alone, so it is derived once per secret and bundle.
 * - the decryption: the proxy reads the cookie, then the page or action reads it again, and every
 *   request of a signed-in person carries the same cookie until it is rewritten. The decrypted
 *   payload of a cookie string never changes (authenticated encryption), so it is kept by cookie
 *   string for a minute. Its expiry is still checked at each read, with next-auth's 15 s tolerance.
 */
const DECODED_TTL_MS = 60_000;
const CLOCK_TOLERANCE_S = 15;
/** next-auth v4's default life of a token that names none (30 days). */
const DEFAULT_MAX_AGE_S = 30 * 24 * 60 * 60;
/**
 * One of each per bundle (proxy.ts is bundled apart from the pages and actions, and the house rule
 * keeps state off globalThis): a key derived once, a cookie decrypted once a minute at most.
 */
const keys = new Map<string, Promise<Uint8Array>>();
const decoded = new LRUCache<string, JWT>({ max: 10_000, ttl: DECODED_TTL_MS });

/** next-auth's getDerivedEncryptionKey (next-auth/jwt), remembered per secret and salt. */
function encryptionKey(secret: JWTEncodeParams["secret"], salt = ""): Promise<Uint8Array> {
  const id = `${salt}\u0000${typeof secret === "string" ? secret : Buffer.from(secret).toString("base64")}`;
  let key = keys.get(id);
  if (!key) {
    key = hkdf("sha256", secret, salt, `NextAuth.js Generated Encryption Key${salt ? ` (${salt})` : ""}`, 32);
    // A failed derivation is not remembered.
    key.catch(() => keys.delete(id));
    keys.set(id, key);
  }
  return key;
}

export async function decodeSession(params: JWTDecodeParams): Promise<JWT | null> {
  const { token, secret, salt = "" } = params;
  if (!token) return null;
  const id = `${salt}\u0000${typeof secret === "string" ? secret : ""}\u0000${token}`;
  let payload = decoded.get(id);
  if (!payload) {
    ({ payload } = await jwtDecrypt(token, await encryptionKey(secret, salt), { clockTolerance: CLOCK_TOLERANCE_S }));
    decoded.set(id, payload);
  }
  if (typeof payload.exp === "number" && payload.exp + CLOCK_TOLERANCE_S < Date.now() / 1000) {
    decoded.delete(id);
    throw new Error("session token expired");
  }
  // A copy: callers (the jwt callback) change the token they are given.
  return { ...payload };
}

export async function encodeSession(params: JWTEncodeParams): Promise<string> {
  const { token = {}, secret, maxAge = DEFAULT_MAX_AGE_S, salt = "" } = params;
  return new EncryptJWT(token)
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + maxAge)
    .setJti(crypto.randomUUID())
    .encrypt(await encryptionKey(secret, salt));
}
