import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract, routeUrl } from '../../server/contract';
import { requireUser } from '../../server/http/auth';
import { adminPeople } from './admin-fixture';
import { CONFIG_DIR, DATABASES, startTestServer, type TestServer } from './harness';

/**
 * Every route that needs a sign-in says in the contract which role may call it, and the server refuses every other
 * role before looking at the input: a teacher's or an administrator's token on a student route gets 403 with the
 * Chinese reason; routes every account uses (`any`) let each role through.
 */
describe.each(DATABASES)('contract roles enforced by the server on %s', (kind) => {
  let s: TestServer;
  let people: Awaited<ReturnType<typeof adminPeople>>;
  const contract = loadContract(CONFIG_DIR);
  const STUDENT_ONLY = '仅学生账号可使用该功能';
  /** Calls a contract entry as `token` with an empty body (the role check comes before any input check). */
  const call = async (name: string, token: string) => {
    const entry = contract[name];
    const res = await s.app.inject({
      method: entry.method,
      url: routeUrl(name).replace(/:\w+/g, '1'),
      headers: { authorization: `Bearer ${token}`, ...(entry.method !== 'GET' && { 'content-type': 'application/json' }) },
      ...(entry.method !== 'GET' && { payload: '{}' }),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const withRole = (role: string) => Object.entries(contract).filter(([, e]) => e.auth && e.role === role).map(([name]) => name);

  beforeAll(async () => {
    s = await startTestServer(kind);
    people = await adminPeople(s);
  });
  afterAll(async () => s?.close());

  it('names a role on every entry that needs a sign-in', () => {
    expect(Object.entries(contract).filter(([, e]) => e.auth && !e.role).map(([name]) => name)).toEqual([]);
  });

  it('refuses a teacher and a school administrator on every student route, with the reason in Chinese', async () => {
    const studentRoutes = withRole('student');
    expect(studentRoutes).toEqual(expect.arrayContaining(['learn/get', 'theory/start', 'assign/insertmark', 'user/edit_info', 'user/qr_confirm']));
    for (const token of [people.teacher, people.adminA]) {
      for (const name of studentRoutes) {
        const res = await call(name, token);
        expect(res.status, name).toBe(403);
        expect(res.body, name).toMatchObject({ code: 403, message: STUDENT_ONLY });
      }
    }
  });

  it("still serves the student, and the partner school's reviewer, on a student route", async () => {
    const res = await s.post('learn/get', { page: 1 }, people.student);
    expect(res.body.code, res.body.message).toBe(200);
    // The landing page's 评审 account tries the platform as a student does.
    const reviewer = await s.login('reviewer', 'demo123', 100045);
    for (const name of ['learn/get', 'score/get_student']) {
      const reply = await s.post(name, { page: 1 }, reviewer);
      expect(reply.body.code, `${name}: ${reply.body.message}`).toBe(200);
    }
  });

  it('lets every role past the guard of a route every account uses', async () => {
    expect(withRole('any')).toEqual(expect.arrayContaining(['user/get_info', 'common/upload_file']));
    for (const token of [people.student, people.teacher, people.adminA, people.platform]) {
      const res = await s.post('user/get_info', {}, token);
      expect(res.body.code, res.body.message).toBe(200);
      // No file sent: the upload route answers about the file, not about the role.
      const upload = await call('common/upload_file', token);
      expect(upload.body.message).not.toMatch(/^仅.*可使用该功能$/);
      expect(upload.status).not.toBe(403);
    }
  });

  it('refuses to register a signed-in route whose entry names no role', () => {
    expect(() => requireUser(s.opened.db, undefined)).toThrow(/必须在 config\/endpoints\.yaml 中写明 role/);
  });
});
