import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createConfigStore } from '../../server/config';
import { loadContract } from '../../server/contract';
import type { OpenedDatabase } from '../../server/db';
import { fromNow } from '../../server/db/time';
import { hashToken, sessionSettingsFromEnv } from '../../server/services/sessions';
import { insertAdmin } from '../../server/services/admin-accounts';
import { CONFIG_DIR, DATABASES, startTestServer, type TestServer } from './harness';

const getInfo = async (app: FastifyInstance, token: string) => {
  const res = await app.inject({ method: 'POST', url: '/api/user/get_info', headers: { authorization: `Bearer ${token}`, host: 'localhost' } });
  return { status: res.statusCode, body: res.json() };
};

describe.each(DATABASES)('sessions on %s', (kind) => {
  // A long cache lifetime, so only the revocation itself can end a cached session on this node.
  let s: TestServer;
  // A second server process on the same database, whose cache lives one second.
  let other: { app: FastifyInstance; opened: OpenedDatabase };
  beforeAll(async () => {
    s = await startTestServer(kind, { sessions: { cacheSeconds: 600 } });
    const opened = await s.reopen();
    const app = await buildApp({ db: opened.db, contract: loadContract(CONFIG_DIR), config: createConfigStore({ configDir: CONFIG_DIR }), dataDir: s.dataDir, sessions: { cacheSeconds: 1 } });
    other = { app, opened };
  });
  afterAll(async () => {
    await other?.app.close();
    await other?.opened.close();
    await s?.close();
  });

  const session = (token: string) => s.opened.db.selectFrom('sessions').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow();

  it('logging out ends a cached session at once on the same server', async () => {
    const token = await s.login('stu00021');
    expect((await getInfo(s.app, token)).status).toBe(200); // now cached
    expect((await s.post('user/loginout', {}, token)).body.code).toBe(200);
    const after = await getInfo(s.app, token);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(401);
  });

  it('a password change ends every cached session of the account at once on the same server', async () => {
    const phone = await s.login('stu00022');
    const laptop = await s.login('stu00022');
    expect((await getInfo(s.app, phone)).status).toBe(200);
    expect((await getInfo(s.app, laptop)).status).toBe(200);
    const changed = await s.post('user/edit_password', { old_password: 'demo123', new_password: 'Changed2026', new_password_repeat: 'Changed2026' }, phone);
    expect(changed.body.message).toBe('密码修改成功，请重新登录');
    expect((await getInfo(s.app, phone)).status).toBe(401);
    expect((await getInfo(s.app, laptop)).status).toBe(401);
    expect((await getInfo(s.app, await s.login('stu00022', 'Changed2026'))).status).toBe(200);
  });

  it('an administrator disabling the account, or resetting its password, ends its cached sessions at once on the same server', async () => {
    await insertAdmin(s.opened.db, { role: 'admin', schoolId: 100002, username: 'cache-admin', password: 'Admin2026pass', realname: '缓存管理员' });
    const admin = (await s.post('admin/login', { username: 'cache-admin', password: 'Admin2026pass', school_id: 100002 })).body.data.token as string;
    const idOf = async (username: string) => (await s.opened.db.selectFrom('users').select('id').where('username', '=', username).where('school_id', '=', 100002).executeTakeFirstOrThrow()).id;

    const token = await s.login('stu00029');
    expect((await getInfo(s.app, token)).status).toBe(200); // cached for 10 minutes on this server
    expect((await s.postJson('admin/account/status', { id: await idOf('stu00029'), status: 0 }, admin)).body.code).toBe(200);
    const disabled = await getInfo(s.app, token);
    expect(disabled.status).toBe(401);
    expect((await s.post('assign/gettasklist', {}, token)).status).toBe(401); // every signed-in route, not just get_info

    const reset = await s.login('stu00031');
    expect((await getInfo(s.app, reset)).status).toBe(200);
    expect((await s.postJson('admin/account/password', { id: await idOf('stu00031'), password: 'Reset2026a' }, admin)).body.code).toBe(200);
    expect((await getInfo(s.app, reset)).status).toBe(401);
  });

  it('a profile edit shows in the next get_info of every session of the account', async () => {
    const a = await s.login('stu00023');
    const b = await s.login('stu00023');
    expect((await getInfo(s.app, b)).body.data.realname).not.toBe('缓存测试');
    expect((await s.post('user/edit_info', { realname: '缓存测试' }, a)).body.code).toBe(200);
    expect((await getInfo(s.app, b)).body.data.realname).toBe('缓存测试');
  });

  it('another server stops accepting a revoked session once its cache entry is older than its lifetime', async () => {
    const token = await s.login('stu00024');
    expect((await getInfo(other.app, token)).status).toBe(200); // cached on the other server
    expect((await s.post('user/loginout', {}, token)).body.code).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await getInfo(other.app, token)).status).toBe(401);
  });

  it('a session unused for longer than the idle timeout (2 hours by default) ends', async () => {
    const token = await s.login('stu00025');
    await s.opened.db.updateTable('sessions').set({ last_seen_at: fromNow(-2 * 3600 + 30) }).where('token_hash', '=', hashToken(token)).execute();
    expect((await getInfo(other.app, token)).status).toBe(200); // used 1 h 59 m 30 s ago: still valid, and now seen
    const idle = await s.login('stu00025');
    await s.opened.db.updateTable('sessions').set({ last_seen_at: fromNow(-2 * 3600 - 5) }).where('token_hash', '=', hashToken(idle)).execute();
    expect((await getInfo(other.app, idle)).status).toBe(401);
    expect((await getInfo(other.app, token)).status).toBe(200);
  });

  it('records the last use at most once a minute, not on every request', async () => {
    const token = await s.login('stu00026');
    const recent = fromNow(-30);
    await s.opened.db.updateTable('sessions').set({ last_seen_at: recent }).where('token_hash', '=', hashToken(token)).execute();
    for (let i = 0; i < 3; i++) expect((await getInfo(other.app, token)).status).toBe(200);
    expect((await session(token)).last_seen_at).toBe(recent);

    const token2 = await s.login('stu00027');
    await s.opened.db.updateTable('sessions').set({ last_seen_at: fromNow(-61) }).where('token_hash', '=', hashToken(token2)).execute();
    const before = fromNow(-1);
    expect((await getInfo(other.app, token2)).status).toBe(200);
    expect((await session(token2)).last_seen_at! >= before).toBe(true);
  });
});

describe('session settings from the environment', () => {
  it('reads the idle timeout in minutes and the cache lifetime in seconds; ignores invalid values', () => {
    expect(sessionSettingsFromEnv({ SESSION_IDLE_MINUTES: '30', SESSION_CACHE_SECONDS: '0' })).toEqual({ idleSeconds: 1800, cacheSeconds: 0 });
    expect(sessionSettingsFromEnv({ SESSION_IDLE_MINUTES: 'abc', SESSION_CACHE_SECONDS: '-1' })).toEqual({});
    expect(sessionSettingsFromEnv({ SESSION_IDLE_MINUTES: '0' })).toEqual({});
    expect(sessionSettingsFromEnv({})).toEqual({});
  });
});

describe('idle timeout setting', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('sqlite', { sessions: { idleSeconds: 600, cacheSeconds: 0 } });
  });
  afterAll(async () => s?.close());

  it('is configurable: with 10 minutes, a session unused for 11 minutes ends', async () => {
    const token = await s.login('stu00028');
    await s.opened.db.updateTable('sessions').set({ last_seen_at: fromNow(-9 * 60) }).where('token_hash', '=', hashToken(token)).execute();
    expect((await s.post('user/get_info', {}, token)).status).toBe(200);
    await s.opened.db.updateTable('sessions').set({ last_seen_at: fromNow(-11 * 60) }).where('token_hash', '=', hashToken(token)).execute();
    expect((await s.post('user/get_info', {}, token)).status).toBe(401);
  });
});
