// `npm run test:timings`: after a full `npm test`, writes each test file's duration (seconds, from vitest's results
// cache) to tests/timings.json, which tests/sequencer.ts uses to start the longest files first on a fresh checkout.
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const cacheDir = 'node_modules/.vite/vitest';
const files = existsSync(cacheDir) ? readdirSync(cacheDir).map((d) => join(cacheDir, d, 'results.json')).filter(existsSync) : [];
if (!files.length) {
  console.error('没有找到 vitest 的运行记录：请先运行 npm test');
  process.exit(1);
}
const timings = {};
for (const file of files) {
  for (const [key, result] of JSON.parse(readFileSync(file, 'utf8')).results) {
    // Files since deleted or renamed stay in the cache: only those there are now.
    if (result.duration && existsSync(key.slice(key.indexOf(':') + 1))) timings[key] = Math.round(result.duration / 100) / 10;
  }
}
const sorted = Object.fromEntries(Object.entries(timings).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync('tests/timings.json', `${JSON.stringify(sorted, null, 1)}\n`);
console.log(`tests/timings.json：${Object.keys(sorted).length} 个测试文件`);
