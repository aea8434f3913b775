import "server-only";

import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number, options: object) => Promise<Buffer>;

/** scrypt's cost (node:crypto, RFC 7914): N=2^15, r=8, p=1, about 30 ms and 32 MB per check. */
const COST = { N: 32_768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

/** A child's secret as it is hashed: the password as typed, or the pictures in order. */
export function secretText(secret: { kind: "password"; password: string } | { kind: "pictures"; pictures: readonly string[] }): string {
  return secret.kind === "password" ? `password:${secret.password}` : `pictures:${secret.pictures.join("-")}`;
}

/** `scrypt$N$r$p$salt$hash`, so a later change of cost still reads the old hashes. */
export async function hashSecret(text: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(text, salt, KEY_LENGTH, COST);
  return ["scrypt", COST.N, COST.r, COST.p, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

export async function verifySecret(text: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await scryptAsync(text, Buffer.from(salt, "base64url"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: COST.maxmem,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Checked against when a username is unknown, so that a miss takes as long as a wrong secret. */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashSecret("decoy");
  return decoy;
}
