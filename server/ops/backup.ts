import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { pipeline } from 'node:stream/promises';
import { isPostgresUrl } from '../db';
import type { FileStorage } from '../storage';

const run = promisify(execFile);

/** What a backup folder holds besides the data: enough to restore it on the right kind of database. */
export interface BackupManifest {
  createdAt: string;
  database: 'sqlite' | 'postgres';
  databaseFile: string;
  uploads: number;
  /** Where the files came from: this node's DATA_DIR/uploads, or the S3 bucket (absent in older backups: local). */
  storage?: 'local' | 's3';
}

export interface DataLocation {
  dataDir: string;
  databaseUrl?: string;
  /** The file storage when it is not DATA_DIR/uploads (STORAGE=s3); files are then read from and written to it. */
  storage?: FileStorage;
}

const UPLOADS = 'uploads';

function copyTree(from: string, to: string): number {
  if (!fs.existsSync(from)) return 0;
  fs.cpSync(from, to, { recursive: true, preserveTimestamps: true });
  let files = 0;
  const count = (dir: string) => fs.readdirSync(dir, { withFileTypes: true }).forEach((e) => (e.isDirectory() ? count(path.join(dir, e.name)) : files++));
  count(to);
  return files;
}

/** Every object of the bucket into `dir`, one file per key, streamed; the number of files. */
async function downloadAll(storage: FileStorage, dir: string): Promise<number> {
  fs.mkdirSync(dir, { recursive: true });
  let files = 0;
  for await (const { key } of storage.list()) {
    const object = await storage.get(key);
    if (!object) continue; // removed by the orphan cleanup since the listing: its row is gone too
    await pipeline(object.body, fs.createWriteStream(path.join(dir, key)));
    files++;
  }
  return files;
}

/** Every file of a backup's uploads folder into the bucket (an object already there is overwritten). */
async function uploadAll(dir: string, storage: FileStorage): Promise<void> {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(dir, entry.name);
    await storage.put(entry.name, fs.createReadStream(file), TYPES[path.extname(entry.name)] ?? 'application/octet-stream', fs.statSync(file).size);
  }
}

const TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.png': 'image/png', '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };

/**
 * Writes a consistent copy of the database and the uploaded files into `out` (which must not exist yet). SQLite is
 * copied with its online backup API, so the server may keep running and writing; PostgreSQL with pg_dump (custom
 * format). Uploads are copied after the database, so every file a backed-up row names is in the copy.
 */
export async function backup(location: DataLocation, out: string): Promise<BackupManifest> {
  if (fs.existsSync(out)) throw new Error(`备份目录已存在，请换一个新目录: ${out}`);
  fs.mkdirSync(out, { recursive: true });
  let manifest: BackupManifest;
  if (isPostgresUrl(location.databaseUrl)) {
    const file = 'database.pgdump';
    await run('pg_dump', ['--format=custom', '--no-owner', '--file', path.join(out, file), location.databaseUrl]);
    manifest = { createdAt: new Date().toISOString(), database: 'postgres', databaseFile: file, uploads: 0 };
  } else {
    const source = path.join(location.dataDir, 'app.sqlite');
    if (!fs.existsSync(source)) throw new Error(`找不到数据库文件: ${source}`);
    const file = 'database.sqlite';
    const db = new SQLite(source, { readonly: true, fileMustExist: true });
    try {
      await db.backup(path.join(out, file));
    } finally {
      db.close();
    }
    manifest = { createdAt: new Date().toISOString(), database: 'sqlite', databaseFile: file, uploads: 0 };
  }
  const objects = location.storage?.kind === 's3' ? location.storage : null;
  manifest.storage = objects ? 's3' : 'local';
  manifest.uploads = objects ? await downloadAll(objects, path.join(out, UPLOADS)) : copyTree(path.join(location.dataDir, UPLOADS), path.join(out, UPLOADS));
  fs.writeFileSync(path.join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Restores a backup made by `backup` into `location`. The server must be stopped. An existing SQLite database is
 * only replaced with `force`; PostgreSQL objects are dropped and recreated from the dump (pg_restore --clean).
 */
export async function restore(from: string, location: DataLocation, opts: { force?: boolean } = {}): Promise<BackupManifest> {
  const manifestFile = path.join(from, 'manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error(`不是备份目录（缺少 manifest.json）: ${from}`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
  const wantsPostgres = isPostgresUrl(location.databaseUrl);
  if ((manifest.database === 'postgres') !== wantsPostgres) {
    throw new Error(`备份来自 ${manifest.database}，当前配置的是 ${wantsPostgres ? 'postgres' : 'sqlite'}（检查 DATABASE_URL）`);
  }
  fs.mkdirSync(location.dataDir, { recursive: true });
  if (manifest.database === 'postgres') {
    await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--dbname', location.databaseUrl!, path.join(from, manifest.databaseFile)]);
  } else {
    const target = path.join(location.dataDir, 'app.sqlite');
    if (fs.existsSync(target) && !opts.force) throw new Error(`目标数据库已存在: ${target}（确认覆盖请加 --force，并先停止服务）`);
    for (const suffix of ['-wal', '-shm']) fs.rmSync(target + suffix, { force: true });
    fs.copyFileSync(path.join(from, manifest.databaseFile), target);
  }
  const uploads = path.join(location.dataDir, UPLOADS);
  if (location.storage?.kind === 's3') {
    // Into the bucket, whichever storage the backup came from: also the way to move a local platform onto S3.
    await uploadAll(path.join(from, UPLOADS), location.storage);
  } else if (fs.existsSync(path.join(from, UPLOADS))) {
    fs.rmSync(uploads, { recursive: true, force: true });
    copyTree(path.join(from, UPLOADS), uploads);
  }
  return manifest;
}
