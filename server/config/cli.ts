// npm run config:check — validates CONFIG_DIR (default ./config) and prints `file:line:column: message` lines.
import path from 'node:path';
import { formatIssue } from './issues.js';
import { propsSchemas } from '../../shared/props-schemas.js';
import { readConfig } from './snapshot.js';

const configDir = path.resolve(process.env.CONFIG_DIR || 'config');
const result = readConfig(configDir, { rendererSchemas: propsSchemas, allTypesKnown: true });
if (result.issues.length === 0) {
  console.log(`配置检查通过（${result.fileCount} 个文件）`);
  process.exit(0);
}
for (const issue of result.issues) console.log(formatIssue(issue));
console.error(`配置检查未通过: ${result.issues.length} 处错误`);
process.exit(1);
