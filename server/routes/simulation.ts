import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalid } from '../http/errors';
import { assertUsable, findLaunch } from '../services/launch';
import { IMAGE_DETAIL_LEARN_IDS } from '../seed/data/catalogue';
import { RESULT_LIMITS, recordResult, type ResultInput } from '../services/sim-results';
import type { FileStorage } from '../storage';
import { Answer, defineRoute, field, objectSchema, type RouteContext } from './define';

const DEMO_PAGE = path.resolve(import.meta.dirname, '../assets/sim/index.html');
const tokenField = field.str('启动令牌', { minLength: 1, maxLength: 128, errorMessage: '缺少启动令牌' });

const resultBody = objectSchema(
  {
    token: tokenField,
    total_score: field.num('总分', { minimum: 0, maximum: 100, errorMessage: '总分必须是 0 到 100 之间的数字' }),
    total_time: field.int('用时（秒）', { minimum: 1, maximum: 86400, errorMessage: '用时必须是 1 到 86400 之间的整数（秒）' }),
    detail: field.str('成绩明细', { maxLength: 65536, errorMessage: '成绩明细必须是不超过 64KB 的 JSON 文本' }),
    subhead: field.str('训练模式', { maxLength: 50 }),
    subtitle: field.str('考核模块', { maxLength: 50 }),
    evaluate: field.str('评语', { maxLength: 500 }),
    mistake: field.str('错误操作', { maxLength: 500 }),
    first_module_time: field.int('首模块用时（秒）', { minimum: 0, maximum: 86400 }),
  },
  ['token', 'total_score', 'total_time'],
);

/** The step names registered for the course (admin console); [] when none or unreadable. */
function stepsOf(text: string): string[] {
  try {
    const steps: unknown = JSON.parse(text);
    return Array.isArray(steps) ? steps.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

const RESULT_FIELDS = ['total_score', 'total_time', 'detail', 'subhead', 'subtitle', 'evaluate', 'mistake', 'first_module_time'] as const;

/** Fields as text and files as Buffers; a file over the limit is refused with a message naming it. */
async function readMultipart(request: FastifyRequest): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  const add = (name: string, value: unknown) => {
    const current = body[name];
    body[name] = current === undefined ? value : Array.isArray(current) ? [...current, value] : [current, value];
  };
  const parts = request.parts({ limits: { fileSize: RESULT_LIMITS.imageBytes, files: RESULT_LIMITS.images + 1, fieldSize: 128 * 1024, fields: 20 } });
  let files = 0;
  for await (const part of parts) {
    if (part.type !== 'file') {
      add(part.fieldname, part.value);
      continue;
    }
    files += 1;
    const data = await part.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw invalid(part.fieldname, `第 ${files} 张图片超过 2MB`);
      throw error;
    });
    // Registered elsewhere with throwFileSizeLimit off, the reader truncates instead of throwing.
    if (part.file.truncated) throw invalid(part.fieldname, `第 ${files} 张图片超过 2MB`);
    add(part.fieldname, data);
  }
  return body;
}

/** Files of a multipart upload (attached to the body as Buffers); only the `images` field may carry files. */
function imagesOf(body: Record<string, unknown>): Buffer[] {
  for (const [name, value] of Object.entries(body)) {
    const files = Array.isArray(value) ? value : [value];
    if (name !== 'images' && files.some((v) => Buffer.isBuffer(v))) throw invalid(name, '只有 images 字段可以上传文件');
  }
  const images = body.images === undefined ? [] : Array.isArray(body.images) ? body.images : [body.images];
  if (!images.every((v) => Buffer.isBuffer(v))) throw invalid('images', 'images 必须是图片文件');
  return images as Buffer[];
}

/**
 * The simulation side of a launch (docs/simulation-protocol.md): exchange the launch token for who is training
 * on what, upload the result once; and the built-in demo simulation page at /sim/<learn id>.
 */
export function simulationRoutes(ctx: RouteContext, opts: { storage: FileStorage }): void {
  const { db } = ctx;

  // One static page serves every /sim/<id> (it reads the course from its launch token): read it once.
  const demoPage = fs.readFileSync(DEMO_PAGE);
  ctx.app.get('/sim/:id', { schema: { hide: true } }, async (_request, reply) => {
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(demoPage);
  });

  defineRoute(ctx, 'sim/session', {
    schema: { body: objectSchema({ token: tokenField }, ['token']) },
    async handler(request) {
      const launch = await findLaunch(db, request.body.token);
      assertUsable(launch);
      const [user, learn] = await Promise.all([
        db.selectFrom('users').select(['id', 'username', 'realname']).where('id', '=', launch.user_id).executeTakeFirstOrThrow(),
        db.selectFrom('learns').select(['id', 'name', 'sim_steps']).where('id', '=', launch.learn_id).executeTakeFirstOrThrow(),
      ]);
      return { user_id: user.id, username: user.username, realname: user.realname, learn_id: learn.id, learn_name: learn.name, expires_at: launch.expires_at,
        result_detail: IMAGE_DETAIL_LEARN_IDS.includes(learn.id) ? 'images' : 'rows', steps: stepsOf(learn.sim_steps) };
    },
  });

  // The result upload reads its multipart body itself (preValidation), so it works whether or not another area
  // registered @fastify/multipart first and whatever options that area chose.
  ctx.app.register(async (scope: FastifyInstance) => {
    if (!scope.hasRequestDecorator('isMultipart')) await scope.register(multipart);
    scope.addHook('preValidation', async (request) => {
      if (request.isMultipart()) request.body = await readMultipart(request);
    });
    defineRoute({ ...ctx, app: scope }, 'sim/result', {
      schema: { body: resultBody },
      async handler(request) {
        const body = request.body;
        const images = imagesOf(body);
        const input: ResultInput = { total_score: 0, total_time: 0 };
        for (const key of RESULT_FIELDS) if (body[key] !== undefined && body[key] !== '') (input as unknown as Record<string, unknown>)[key] = body[key];
        const launch = await findLaunch(db, body.token);
        const recorded = await recordResult(db, launch, input, images, opts.storage);
        return new Answer(recorded, recorded.repeated ? '成绩已提交（重复提交，未重复记录）' : '成绩提交成功');
      },
    });
  });
}
