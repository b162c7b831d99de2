import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db';
import { syncIdSequences } from '../db';

/**
 * Registering a school: its row in the database and a starting config/schools/<id>.yaml (branding, switches). Shared by
 * `npm run school:add` (server/config/add-school.ts) and the platform console (platform/school/save).
 */
export interface NewSchool {
  id?: number;
  name: string;
  domain: string;
  type: '0' | '1';
}

export const SCHOOL_RULES = {
  domain: /^[a-z0-9-]{1,63}$/,
  domainMessage: '子域名只能包含小写字母、数字和连字符，例如 sample',
};

/** Why a school cannot be registered as asked (id or sub-domain taken), or null. */
export async function schoolClash(db: Db, id: number | undefined, domain: string, exceptId?: number): Promise<string | null> {
  let q = db.selectFrom('schools').select(['id', 'domain_name']).where((eb) => eb.or([...(id ? [eb('id', '=', id)] : []), eb('domain_name', '=', domain)]));
  if (exceptId) q = q.where('id', '!=', exceptId);
  const clash = await q.executeTakeFirst();
  if (!clash) return null;
  return clash.id === id ? `学校ID ${id} 已存在` : `子域名 ${domain} 已被学校 ${clash.id} 使用`;
}

/** Inserts the school (with the next free id when none is given, at least 100001) and returns its id. */
export async function insertSchool(db: Db, school: NewSchool): Promise<number> {
  const max = await db.selectFrom('schools').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  const id = school.id ?? Math.max(100001, Number(max?.id ?? 0) + 1);
  await db.insertInto('schools').values({ id, school_name: school.name.trim(), domain_name: school.domain, type: school.type }).execute();
  await syncIdSequences(db);
  return id;
}

export function starterYaml(name: string): string {
  return `# yaml-language-server: $schema=../schema/school.schema.json
# ${name}：只写与 default.yaml 不同的部分（JSON Merge Patch，写 null 表示删除）。
# 修改后运行 npm run config:check；查看最终生效的配置：npm run config:explain -- --school <学校ID>
branding:
  name: ${name}
  # logo: /assets/schools/<文件名>.svg     # 放在 server/assets/schools/ 下的学校标志
  footer:
    copyright: "© ${new Date().getFullYear()} ${name} 版权所有"
features:
  qaCentre: false
`;
}

/** Writes `<dir>/<id>.yaml` unless it exists (an operator's file is never overwritten); the file's path, or null. */
export function writeStarterYaml(dir: string, id: number, name: string): string | null {
  const file = path.join(dir, `${id}.yaml`);
  if (fs.existsSync(file)) return null;
  fs.writeFileSync(file, starterYaml(name));
  return file;
}
