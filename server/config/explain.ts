// `npm run config:explain`: the effective configuration of one school, each value with the file and line that
// set it. Follows the same merge as the store: base (app.yaml + screens) <- schools/default.yaml <- schools/<id>.yaml.
import fs from 'node:fs';
import path from 'node:path';
import { loadYamlFile, type LoadedYaml } from './load.js';
import { locate, type PathSeg } from './positions.js';
import { displayPathFor, listYaml } from './snapshot.js';

export interface ExplainedValue {
  /** Dotted path, e.g. `features.qaCentre` or `screens.practice-list.props.pageSize`. */
  path: string;
  value: unknown;
  /** `config/schools/100045.yaml:8` */
  source: string;
}

type Provenance = Map<string, string>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const key = (segments: PathSeg[]) => segments.join('.');

/** Applies one layer (a merge patch) to `target`, recording where each value it sets comes from. */
function applyLayer(target: Record<string, unknown>, patch: unknown, at: PathSeg[], layer: { loaded: LoadedYaml; strip: number }, origin: Provenance): void {
  if (!isObject(patch)) return;
  for (const [name, value] of Object.entries(patch)) {
    const here = [...at, name];
    const prefix = key(here);
    // Objects merge key by key; anything else replaces the whole subtree, so its old sources go.
    if (!isObject(value) || !isObject(target[name])) {
      for (const k of [...origin.keys()]) if (k === prefix || k.startsWith(`${prefix}.`)) origin.delete(k);
    }
    if (value === null) {
      delete target[name];
      continue;
    }
    if (isObject(value)) {
      if (!isObject(target[name])) target[name] = {};
      applyLayer(target[name] as Record<string, unknown>, value, here, layer, origin);
      continue;
    }
    target[name] = value;
    // app.yaml holds `app.*` without the prefix, screens/<id>.yaml holds `screens.<id>.*` without it.
    const pos = locate(layer.loaded, here.slice(layer.strip));
    origin.set(prefix, `${layer.loaded.file}:${pos.line}`);
  }
}

function flatten(value: unknown, at: string, origin: Provenance, out: ExplainedValue[]): void {
  if (isObject(value) && Object.keys(value).length > 0) {
    for (const [k, v] of Object.entries(value)) flatten(v, at ? `${at}.${k}` : k, origin, out);
    return;
  }
  out.push({ path: at, value, source: origin.get(at) ?? '(默认)' });
}

/** `brandingOnly`: just `branding` and `features`, which only school files set (skips parsing app.yaml and the screens). */
export function explainSchool(configDir: string, schoolId: number, opts: { screen?: string; brandingOnly?: boolean } = {}): ExplainedValue[] {
  const dir = path.resolve(configDir);
  const show = displayPathFor(dir);
  const load = (abs: string) => loadYamlFile(abs, show(abs));
  const merged: Record<string, unknown> = { branding: {}, features: {}, app: {}, screens: {} };
  const origin: Provenance = new Map();

  const app = opts.brandingOnly ? null : load(path.join(dir, 'app.yaml'));
  if (app) applyLayer(merged.app as Record<string, unknown>, app.data, ['app'], { loaded: app, strip: 1 }, origin);
  for (const [id, file] of opts.brandingOnly ? [] : listYaml(path.join(dir, 'screens'))) {
    const screen = load(file);
    (merged.screens as Record<string, unknown>)[id] = {};
    applyLayer((merged.screens as Record<string, Record<string, unknown>>)[id], screen.data, ['screens', id], { loaded: screen, strip: 2 }, origin);
  }
  for (const file of [path.join(dir, 'schools/default.yaml'), path.join(dir, `schools/${schoolId}.yaml`)]) {
    if (!fs.existsSync(file)) continue;
    const school = load(file);
    const data = opts.brandingOnly && isObject(school.data)
      ? Object.fromEntries(Object.entries(school.data).filter(([k]) => k === 'branding' || k === 'features'))
      : school.data;
    applyLayer(merged, data, [], { loaded: school, strip: 0 }, origin);
  }

  const out: ExplainedValue[] = [];
  if (opts.screen) {
    const screen = (merged.screens as Record<string, unknown>)[opts.screen];
    if (screen === undefined) throw new Error(`没有 id 为 ${opts.screen} 的页面（可选: ${Object.keys(merged.screens as object).join(', ')}）`);
    flatten(screen, `screens.${opts.screen}`, origin, out);
    return out;
  }
  flatten(merged, '', origin, out);
  return out;
}
