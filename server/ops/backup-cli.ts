import path from 'node:path';
import { parseArgs } from 'node:util';
import type { SettingProblem } from '../boot/settings';
import { createStorage, readStorageSettings } from '../storage';
import { backup, restore } from './backup';

/** npm run backup -- --out DIR   |   npm run restore -- --from DIR [--force]   (env DATA_DIR, DATABASE_URL, STORAGE and S3_*) */
const usage = '用法: npm run backup -- --out 备份目录 | npm run restore -- --from 备份目录 [--force]（恢复前请先停止服务）';

async function main() {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { out: { type: 'string' }, from: { type: 'string' }, force: { type: 'boolean', default: false } } });
  const dataDir = path.resolve(process.env.DATA_DIR || './data');
  const problems: SettingProblem[] = [];
  const storageSettings = readStorageSettings(process.env, problems);
  if (problems.length) throw new Error(problems.map((p) => `${p.variable}: ${p.zh}`).join('；'));
  const location = { dataDir, databaseUrl: process.env.DATABASE_URL || undefined, storage: createStorage(storageSettings, dataDir) };
  const command = positionals[0];
  if (command === 'backup' && values.out) {
    const manifest = await backup(location, path.resolve(values.out));
    console.log(`备份完成: ${values.out}（${manifest.database}，上传文件 ${manifest.uploads} 个）`);
  } else if (command === 'restore' && values.from) {
    const manifest = await restore(path.resolve(values.from), location, { force: values.force });
    console.log(`恢复完成: 来自 ${manifest.createdAt} 的备份（${manifest.database}，上传文件 ${manifest.uploads} 个）`);
  } else {
    console.error(usage);
    process.exit(2);
  }
}

main().catch((err) => {
  console.error(`失败: ${err instanceof Error ? err.message : String(err)}\n${usage}`);
  process.exit(1);
});
