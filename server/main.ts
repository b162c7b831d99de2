import path from 'node:path';
import { buildApp } from './app';
import { propsSchemas } from '../shared/props-schemas';
import { formatProblems, readSettings } from './boot/settings';
import { prepareDatabase } from './boot/prepare';
import { createConfigStore, formatIssue } from './config';
import { liveContentSources } from './http/content-sources';
import { loadContract } from './contract';
import { openDatabase } from './db';
import { DEMO_PASSWORD, TEACHER_PASSWORD } from './seed';
import { startHousekeeping } from './services/housekeeping';
import { describeSmsGateway } from './services/sms';
import { sessionSettingsFromEnv } from './services/sessions';
import { createStorage } from './storage';

/** Starts the platform; every setting comes from the environment (README, docs/deploy.md). */
async function main() {
  const { settings, problems } = readSettings(process.env, path.resolve(import.meta.dirname, '..'));
  if (problems.length) {
    console.error(formatProblems(problems));
    process.exit(1);
  }
  const { dataDir, configDir, distDir, port, host } = settings;

  const config = createConfigStore({ configDir, rendererSchemas: propsSchemas, allTypesKnown: true, onIssues: (issues) => issues.forEach((i) => console.error(`配置错误（继续使用上一次有效配置）: ${formatIssue(i)}`)) });
  config.load(); // fail fast, with the file:line:column report, when the configuration is invalid
  const contract = loadContract(configDir);
  const opened = await openDatabase({ dataDir, databaseUrl: settings.databaseUrl, poolSize: settings.databasePoolSize });
  const { seeded, empty } = await prepareDatabase(opened, { seedDemo: settings.seedDemo, log: console.log });
  if (seeded) console.log(`演示数据已生成：${seeded.users} 个用户，${seeded.learns} 门课程（${seeded.seconds.toFixed(1)} 秒）`);

  const storage = createStorage(settings.storage, dataDir);
  const app = await buildApp({
    db: opened.db, contract, config, dataDir, storage, distDir, logLevel: settings.logLevel, trustProxy: settings.trustProxy,
    defaultDomain: settings.defaultDomain, partnerSecret: settings.partnerSecret, sessions: sessionSettingsFromEnv(process.env),
    schoolFilesDir: path.join(configDir, 'schools'),
    contentSources: liveContentSources(config),
  });
  const stopHousekeeping = startHousekeeping(opened.db, { storage, config, intervalMs: settings.housekeepingMinutes * 60_000, log: (result) => app.log.info({ pruned: result }, 'housekeeping') });
  const shutdown = async () => {
    stopHousekeeping();
    await app.close();
    await opened.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());

  await app.listen({ port, host });
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  console.log(`平台已启动: http://${shown}:${port}${settings.production ? '' : `  (演示学校: http://demo.localhost:${port})`}`);
  if (!settings.production) {
    console.log(`演示账号: demo / ${DEMO_PASSWORD}`);
    console.log(`教师工作台: http://${shown}:${port}/#/teacher/login  教师账号: teacher1 / ${TEACHER_PASSWORD}`);
  }
  console.log(`管理后台: http://${shown}:${port}/#/admin/login  （管理员账号用 npm run admin:create 创建，见 docs/deploy.md）`);
  if (empty) console.log('数据库为空：生产环境不会自动生成演示数据（需要演示数据时运行 npm run seed -- --demo）。');
  console.log(`文件存储: ${storage.kind === 's3' ? 'S3 兼容对象存储 ' : ''}${storage.describe()}`);
  // Not fatal: the store may come back; until then /api/ready answers 503 and the balancer keeps this node out.
  await storage.check().catch((err: unknown) => console.error(`文件存储暂不可用（/api/ready 将返回 503）: ${err instanceof Error ? err.message : String(err)}`));
  console.log(`短信通道: ${describeSmsGateway(process.env)}`);
  console.log(`数据库: ${opened.dialect === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : path.join(dataDir, 'app.sqlite')}`);
}

main().catch((err) => {
  console.error(`启动失败: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
