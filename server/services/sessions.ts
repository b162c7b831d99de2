import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db';
import { preparedQuery } from '../db/prepared';
import type { User } from '../db/schema';
import { fromNow, now, parseTimestamp } from '../db/time';

/** Sessions live 30 days; a token is 32 random bytes, and only its SHA-256 is stored. */
export const SESSION_SECONDS = 30 * 24 * 3600;

export interface SessionSettings {
  /** A session unused this long ends (env SESSION_IDLE_MINUTES). */
  idleSeconds: number;
  /** How long a validated token is trusted without asking the database again (env SESSION_CACHE_SECONDS; 0: never). */
  cacheSeconds: number;
}

export const SESSION_DEFAULTS: SessionSettings = { idleSeconds: 2 * 3600, cacheSeconds: 5 };

/** last_seen_at is written at most this often per session, so a signed-in request is not a database write. */
export const LAST_SEEN_REFRESH_SECONDS = 60;
const CACHE_LIMIT = 50_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface ResolvedSession {
  sessionId: number;
  user: User;
}

interface Entry extends ResolvedSession {
  /** When the database last confirmed the session and loaded the user (ms). */
  checkedAt: number;
  /** Last use seen by this process, and the value last written to the database (ms). */
  seenAt: number;
  seenWrittenAt: number;
}

/**
 * Validated sessions of one database, in this process. An entry is trusted for `cacheSeconds`; a revocation or a
 * change of the user's row made through this process removes the user's entries at once, one made by another
 * process is seen when the entry next goes back to the database.
 */
class SessionCache {
  settings: SessionSettings = { ...SESSION_DEFAULTS };
  /** Counts revocations: a lookup that started before one may have read the revoked session and is not kept. */
  generation = 0;
  /** By the token itself (this process's memory only; the database keeps only its hash). */
  private readonly byToken = new Map<string, Entry>();
  private readonly tokensOfUser = new Map<number, Set<string>>();

  get(token: string, at: number): Entry | undefined {
    const entry = this.byToken.get(token);
    if (!entry) return undefined;
    if (at - entry.checkedAt < this.settings.cacheSeconds * 1000 && at - entry.seenAt < this.settings.idleSeconds * 1000) return entry;
    this.delete(token);
    return undefined;
  }

  put(token: string, entry: Entry, generation: number): void {
    if (this.settings.cacheSeconds <= 0 || generation !== this.generation) return;
    this.delete(token);
    if (this.byToken.size >= CACHE_LIMIT) this.delete(this.byToken.keys().next().value!); // oldest first
    this.byToken.set(token, entry);
    const tokens = this.tokensOfUser.get(entry.user.id) ?? new Set<string>();
    tokens.add(token);
    this.tokensOfUser.set(entry.user.id, tokens);
  }

  forgetUser(userId: number): void {
    this.generation++;
    for (const token of this.tokensOfUser.get(userId) ?? []) this.byToken.delete(token);
    this.tokensOfUser.delete(userId);
  }

  forgetSession(sessionId: number): void {
    this.generation++;
    for (const [token, entry] of this.byToken) if (entry.sessionId === sessionId) return this.delete(token);
  }

  private delete(token: string): void {
    const entry = this.byToken.get(token);
    if (!entry) return;
    this.byToken.delete(token);
    const tokens = this.tokensOfUser.get(entry.user.id);
    tokens?.delete(token);
    if (tokens?.size === 0) this.tokensOfUser.delete(entry.user.id);
  }
}

// One cache per database handle: several apps in one process (tests, or two "nodes" on one database) do not share.
const caches = new WeakMap<Db, SessionCache>();
function cacheOf(db: Db): SessionCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new SessionCache()));
  return cache;
}

export function configureSessions(db: Db, settings: Partial<SessionSettings>): void {
  Object.assign(cacheOf(db).settings, settings);
}

/** Reads SESSION_IDLE_MINUTES and SESSION_CACHE_SECONDS; unset or invalid values keep the defaults. */
export function sessionSettingsFromEnv(env: NodeJS.ProcessEnv): Partial<SessionSettings> {
  const number = (text: string | undefined) => (text !== undefined && text.trim() !== '' && Number.isFinite(Number(text)) && Number(text) >= 0 ? Number(text) : undefined);
  const idleMinutes = number(env.SESSION_IDLE_MINUTES);
  const cacheSeconds = number(env.SESSION_CACHE_SECONDS);
  return { ...(idleMinutes !== undefined && idleMinutes > 0 && { idleSeconds: idleMinutes * 60 }), ...(cacheSeconds !== undefined && { cacheSeconds }) };
}

export async function createSession(db: Db, userId: number, meta: { userAgent?: string; ip?: string } = {}): Promise<string> {
  const token = randomBytes(32).toString('hex');
  const at = now();
  await db
    .insertInto('sessions')
    .values({ user_id: userId, token_hash: hashToken(token), expires_at: fromNow(SESSION_SECONDS), last_seen_at: at, user_agent: meta.userAgent?.slice(0, 255) ?? null, ip: meta.ip ?? null })
    .execute();
  return token;
}

const sessionQuery = preparedQuery((db: Db, hash: string, at: string, idleSince: string) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .selectAll('u')
    .select(['s.id as session_id_', 's.last_seen_at as session_seen_'])
    .where('s.token_hash', '=', hash)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', at)
    .where('s.last_seen_at', '>', idleSince)
    .where('u.status', '=', 1),
);

/**
 * The cached session of a token, answered synchronously (no query, no await): the common case of a signed-in request.
 * Undefined when the token is not cached or is due a database check or a `last_seen_at` write (then `resolveSession`).
 */
export function cachedSession(db: Db, token: string): ResolvedSession | undefined {
  const at = Date.now();
  const entry = cacheOf(db).get(token, at);
  if (!entry || at - entry.seenWrittenAt >= LAST_SEEN_REFRESH_SECONDS * 1000) return undefined;
  entry.seenAt = at;
  return entry;
}

/**
 * The session and active user a token belongs to, when the session exists, is not revoked, has not expired and
 * has been used within the idle timeout. Answered from the cache while the entry is fresh; otherwise one query.
 * The cache is keyed by the token itself (it lives in this process's memory only, as the users' rows do), which
 * spares a SHA-256 per request; the database holds only the hash.
 */
export async function resolveSession(db: Db, token: string): Promise<ResolvedSession | null> {
  if (!/^[0-9a-f]{64}$/.test(token)) return null;
  const cache = cacheOf(db);
  const at = Date.now();
  let entry = cache.get(token, at);
  if (!entry) {
    const generation = cache.generation;
    const [row] = await sessionQuery(db, hashToken(token), now(), fromNow(-cache.settings.idleSeconds));
    if (!row) return null;
    const { session_id_: sessionId, session_seen_: seen, ...user } = row;
    entry = { sessionId, user, checkedAt: at, seenAt: at, seenWrittenAt: parseTimestamp(seen)?.getTime() ?? 0 };
    cache.put(token, entry, generation);
  }
  entry.seenAt = at;
  if (at - entry.seenWrittenAt >= LAST_SEEN_REFRESH_SECONDS * 1000) {
    entry.seenWrittenAt = at;
    await db.updateTable('sessions').set({ last_seen_at: now() }).where('id', '=', entry.sessionId).execute();
  }
  return { sessionId: entry.sessionId, user: entry.user };
}

/** Ends one session (logout); this process stops accepting its token at once. */
export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now() }).where('id', '=', sessionId).execute();
  cacheOf(db).forgetSession(sessionId);
}

/** Ends every session of an account (password change or reset). */
export async function revokeUserSessions(db: Db, userId: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now() }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  cacheOf(db).forgetUser(userId);
}

/** The user's row changed: the next request of each of their sessions reads it again. */
export function forgetCachedUser(db: Db, userId: number): void {
  cacheOf(db).forgetUser(userId);
}
