import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedAssetFiles } from './assets';

/** Regenerates the committed seed artwork under server/assets/seed/. */
const assetsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../assets');
let count = 0;
for (const [relative, content] of seedAssetFiles()) {
  const file = path.join(assetsDir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  count++;
}
console.log(`已生成 ${count} 个种子资源文件: ${assetsDir}/seed`);
