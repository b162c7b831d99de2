import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertKey, type FileStorage, type ObjectInfo, type StoredObject } from './types';

const TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.png': 'image/png', '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };
const typeOf = (key: string) => TYPES[path.extname(key)] ?? 'application/octet-stream';

const missing = (err: unknown) => (err as NodeJS.ErrnoException)?.code === 'ENOENT';

/** Files in one folder of the node's disk: `<DATA_DIR>/uploads/<key>`, as the platform always stored them. */
export function localStorage(dir: string): FileStorage {
  const file = (key: string) => {
    assertKey(key);
    return path.join(dir, key);
  };
  return {
    kind: 'local',
    async put(key, body) {
      const target = file(key);
      await fs.promises.mkdir(dir, { recursive: true });
      if (Buffer.isBuffer(body)) await fs.promises.writeFile(target, body, { flag: 'wx' });
      else await pipeline(body, fs.createWriteStream(target, { flags: 'wx' }));
    },
    async head(key): Promise<ObjectInfo | null> {
      const stat = await fs.promises.stat(file(key)).catch((err: unknown) => (missing(err) ? null : Promise.reject(err)));
      return stat?.isFile() ? { size: stat.size, contentType: typeOf(key) } : null;
    },
    async get(key, range): Promise<StoredObject | null> {
      const info = await this.head(key);
      if (!info) return null;
      return { ...info, body: fs.createReadStream(file(key), range && { start: range.start, end: range.end }) };
    },
    async delete(key) {
      await fs.promises.rm(file(key), { force: true });
    },
    async *list({ after, limit = Infinity } = {}) {
      const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch((err: unknown) => (missing(err) ? [] : Promise.reject(err)));
      const names = entries.filter((e) => e.isFile() && (after === undefined || e.name > after)).map((e) => e.name).sort();
      let listed = 0;
      for (const name of names) {
        if (listed >= limit) return;
        const stat = await fs.promises.stat(path.join(dir, name)).catch(() => null);
        if (!stat) continue;
        listed++;
        yield { key: name, size: stat.size, modifiedAt: stat.mtime };
      }
    },
    async check() {
      await fs.promises.mkdir(dir, { recursive: true });
      await fs.promises.access(dir, fs.constants.W_OK);
    },
    describe: () => dir,
  };
}
