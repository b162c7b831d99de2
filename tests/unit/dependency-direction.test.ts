// Each side's dependencies point one way: the server and the client both import shared/, the server never imports
// the client's tree (src/), and shared/ imports neither.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(rel);
    return /\.(ts|tsx|mjs)$/.test(e.name) ? [rel] : [];
  });
}

/** Every relative import or dynamic import of a file, resolved to a path from the project root. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*)['"](\.[^'"]+)['"]/g)].map((m) => m[1]);
  return specifiers.map((s) => path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, file)), s)));
}

const reaching = (dir: string, into: string) =>
  sourceFiles(dir).flatMap((file) => importsOf(file).filter((target) => target === into || target.startsWith(`${into}/`)).map((target) => `${file} -> ${target}`));

describe('dependency direction', () => {
  it('the server imports nothing from src/', () => {
    expect(sourceFiles('server').length).toBeGreaterThan(50);
    expect(reaching('server', 'src')).toEqual([]);
  });

  it('shared/ imports neither the server nor the client', () => {
    expect(reaching('shared', 'src')).toEqual([]);
    expect(reaching('shared', 'server')).toEqual([]);
  });

  it('the client imports nothing from server/', () => {
    expect(reaching('src', 'server')).toEqual([]);
  });

  it("renderers reach the engine only through its surface for them, renderers/shared/engine.ts", () => {
    const door = 'src/renderers/shared/engine.ts';
    expect(reaching('src/renderers', 'src/engine').filter((line) => !line.startsWith(`${door} ->`))).toEqual([]);
    expect(reaching('src/renderers', 'src/engine').length).toBeGreaterThan(0);
  });
});
