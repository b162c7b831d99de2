import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Stored form: scrypt$N$r$p$saltBase64$hashBase64 — parameters kept with each hash, so raising them only affects new
 * hashes and an older hash is replaced at the account's next successful login (`needsRehash`).
 * N = 2^17, r = 8, p = 1 is OWASP's recommendation for scrypt (128 MiB per hash). PASSWORD_SCRYPT_COST (log2 N, 14–20)
 * lowers it for test runs that log in hundreds of times; production keeps the default.
 */
export const DEFAULT_COST = 17;
const COST = Number(process.env.PASSWORD_SCRYPT_COST ?? DEFAULT_COST);
const N = 2 ** (Number.isInteger(COST) && COST >= 14 && COST <= 20 ? COST : DEFAULT_COST);
const R = 8;
const P = 1;
const KEY_LEN = 32;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // scrypt needs 128 * N * r bytes; allow that plus room.
    scrypt(password.normalize('NFKC'), salt, KEY_LEN, { N: n, r, p, maxmem: 256 * n * r }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** True when a stored hash was made with weaker parameters than today's: rehash it with the password at hand. */
export function needsRehash(stored: string): boolean {
  const [kind, n, r, p] = stored.split('$');
  return kind !== 'scrypt' || Number(n) < N || Number(r) < R || Number(p) < P;
}

export async function hashPassword(password: string): Promise<string> {
  return hashPasswordWithSalt(password, randomBytes(16));
}

/** Only for reproducible seed data; real accounts use hashPassword's random salt. */
export async function hashPasswordWithSalt(password: string, salt: Buffer): Promise<string> {
  const key = await derive(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** True when the password matches; false for a wrong password or an unreadable hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  if (![n, r, p].every((x) => Number.isInteger(x) && x > 0) || n > 1 << 20) return false;
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  if (expected.length !== KEY_LEN) return false;
  const actual = await derive(password, salt, n, r, p);
  return timingSafeEqual(actual, expected);
}

/**
 * An initial password set by an administrator for an account that must change it at first login (a reset, an import of
 * hundreds of students), hashed cheaply so 500 rows import in seconds, and replaced at full cost by the first successful
 * login (`needsRehash`), after which the account is made to change it anyway. See docs/security.md § Initial passwords.
 * - `generated`: made by the server, 10 random characters of 31 (≈ 50 bits): scrypt at 2^10 (≈ 1.5 ms) already
 *   puts guessing it out of reach; slowness protects human-chosen passwords, not random ones.
 * - typed by the administrator (possibly weak): scrypt at 2^14 (≈ 90 ms), the lowest cost PASSWORD_SCRYPT_COST accepts.
 */
export const INITIAL_COST = { generated: 10, typed: 14 } as const;
export async function hashInitialPassword(password: string, generated = false): Promise<string> {
  const n = Math.min(N, 2 ** (generated ? INITIAL_COST.generated : INITIAL_COST.typed));
  const salt = randomBytes(16);
  const key = await derive(password, salt, n, R, P);
  return `scrypt$${n}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}
