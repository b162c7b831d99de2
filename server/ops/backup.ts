import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { isPostgresUrl } from '../db';

const run = promisify(execFile);

/** What a backup folder holds besides the data: enough to restore it on the right kind of database. */
export interface BackupManifest {
  createdAt: string;
  database: 'sqlite' | 'postgres';
  databaseFile: string;
  uploads: number;
}

export interface DataLocation {
  dataDir: string;
  databaseUrl?: string;
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
  manifest.uploads = copyTree(path.join(location.dataDir, UPLOADS), path.join(out, UPLOADS));
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
  if (fs.existsSync(path.join(from, UPLOADS))) {
    fs.rmSync(uploads, { recursive: true, force: true });
    copyTree(path.join(from, UPLOADS), uploads);
  }
  return manifest;
}
