// Reads the whole config directory, validates every file and every per-school merge, and returns either a
// consistent snapshot or the list of issues. No caching, no state: store.ts decides when to call it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig, Endpoint, ScreenConfig } from '../../shared/config-types.js';
import { dedupeIssues, sortIssues, type Issue } from './issues.js';
import { checkEndpointNames } from './endpoint-names.js';
import { checkExpressions } from './expressions.js';
import { checkParents } from './screen-parents.js';
import { loadYamlFile, type LoadedYaml } from './load.js';
import { mergePatch } from './merge.js';
import { locate, type Target } from './positions.js';
import { createValidators, suggest, type Validators } from './validate.js';

export type ScreenBody = Omit<ScreenConfig, 'id'>;

export interface SchoolPatch {
  branding?: Record<string, unknown>;
  features?: Record<string, unknown>;
  app?: Record<string, unknown>;
  screens?: Record<string, Record<string, unknown> | null>;
}

export interface ConfigSnapshot {
  app: AppConfig;
  endpoints: Record<string, Endpoint>;
  /** Screens by id, as in the files (without the id field). */
  screens: Record<string, ScreenBody>;
  /** schools/default.yaml */
  defaults: SchoolPatch;
  /** schools/<id>.yaml by school id. */
  schools: Record<string, SchoolPatch>;
  /** Number of YAML files read. */
  fileCount: number;
  /** Short hash of everything above. */
  version: string;
}

export interface ReadResult {
  snapshot?: ConfigSnapshot;
  issues: Issue[];
  fileCount: number;
}

export interface ReadOptions {
  rendererSchemas?: Record<string, object>;
  /** rendererSchemas covers every registered screen type: a `type:` it does not name is reported. */
  allTypesKnown?: boolean;
}

export function shortHash(value: unknown): string {
  return crypto.createHash('sha1').update(JSON.stringify(value)).digest('hex').slice(0, 12);
}

/** Project-root-relative display path: relative to the parent of the config dir, with forward slashes. */
export function displayPathFor(configDir: string): (abs: string) => string {
  const root = path.dirname(path.resolve(configDir));
  return (abs) => path.relative(root, abs).split(path.sep).join('/');
}

/** The YAML files of a sub-directory, sorted, as [id, absolute path]. */
export function listYaml(dir: string): [string, string][] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith('.yaml') && !n.startsWith('.'))
    .sort()
    .map((n) => [n.slice(0, -'.yaml'.length), path.join(dir, n)]);
}

/** Every file whose change should trigger a reload. */
export function watchedFiles(configDir: string): string[] {
  const dir = path.resolve(configDir);
  const schemaDir = path.join(dir, 'schema');
  let schemas: string[] = [];
  try {
    schemas = fs.readdirSync(schemaDir).filter((n) => n.endsWith('.json')).sort().map((n) => path.join(schemaDir, n));
  } catch {
    /* no schema dir: reported by readConfig */
  }
  return [
    path.join(dir, 'app.yaml'),
    path.join(dir, 'endpoints.yaml'),
    ...schemas,
    ...listYaml(path.join(dir, 'screens')).map(([, f]) => f),
    ...listYaml(path.join(dir, 'schools')).map(([, f]) => f),
  ];
}

const BRANDING_COMPLETE = {
  type: 'object',
  required: ['name', 'logo', 'productLogo', 'footer'],
  properties: {
    productLogo: { type: 'object', required: ['default', 'type1'] },
    footer: {
      type: 'object',
      required: ['copyright', 'icp', 'security'],
      properties: { security: { type: 'object', required: ['text', 'url'] } },
    },
  },
};

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function readConfig(configDir: string, options: ReadOptions = {}): ReadResult {
  const dir = path.resolve(configDir);
  const display = displayPathFor(dir);
  const issues: Issue[] = [];
  const { validators, issues: schemaIssues } = createValidators(path.join(dir, 'schema'), options.rendererSchemas, display, options.allTypesKnown);
  issues.push(...schemaIssues);
  let fileCount = 0;

  const read = (abs: string, required: boolean): LoadedYaml | undefined => {
    if (!fs.existsSync(abs)) {
      if (required) issues.push({ file: display(abs), line: 1, column: 1, message: '缺少配置文件' });
      return undefined;
    }
    fileCount++;
    const loaded = loadYamlFile(abs, display(abs));
    issues.push(...loaded.issues);
    if (loaded.issues.length) return undefined;
    if (!abs.endsWith('endpoints.yaml')) issues.push(...checkExpressions(loaded));
    return loaded;
  };
  const whole = (loaded: LoadedYaml): Target[] => [{ loaded, prefix: [] }];

  // --- each file on its own
  const appFile = read(path.join(dir, 'app.yaml'), true);
  if (appFile) issues.push(...validators.check('app', appFile.data, whole(appFile)));
  const endpointsFile = read(path.join(dir, 'endpoints.yaml'), true);
  const endpointIssues = endpointsFile ? validators.check('endpoints', endpointsFile.data, whole(endpointsFile)) : [];
  issues.push(...endpointIssues);
  // Names of calls that screens list are checked against a contract that is itself valid.
  const knownContract = endpointsFile && !endpointIssues.length;

  const contract = new Set(Object.keys((endpointsFile?.data as { endpoints?: object } | undefined)?.endpoints ?? {}));
  const screenFiles = new Map<string, LoadedYaml>();
  for (const [id, abs] of listYaml(path.join(dir, 'screens'))) {
    const loaded = read(abs, false);
    if (!loaded) continue;
    screenFiles.set(id, loaded);
    if (knownContract) issues.push(...checkEndpointNames(loaded, contract));
    const found = validators.check('screen', loaded.data, whole(loaded));
    issues.push(...found);
    const screen = loaded.data as Record<string, unknown> | null;
    if (!found.length && screen && typeof screen.type === 'string') {
      issues.push(...validators.checkProps(screen.type, screen.props ?? {}, [{ loaded, prefix: ['props'] }]));
    }
  }

  issues.push(...checkParents(screenFiles));

  const schoolFiles = new Map<string, LoadedYaml>();
  const schoolEntries = listYaml(path.join(dir, 'schools'));
  if (!schoolEntries.some(([id]) => id === 'default')) {
    issues.push({ file: display(path.join(dir, 'schools', 'default.yaml')), line: 1, column: 1, message: '缺少配置文件' });
  }
  for (const [id, abs] of schoolEntries) {
    const loaded = read(abs, false);
    if (!loaded) continue;
    if (id !== 'default' && !/^\d+$/.test(id)) {
      issues.push({ file: loaded.file, line: 1, column: 1, message: `学校文件名必须是学校ID（数字）或 default，而不是 ${id}` });
      continue;
    }
    if (loaded.data === null || loaded.data === undefined) loaded.data = {};
    if (knownContract) issues.push(...checkEndpointNames(loaded, contract));
    const found = validators.check('school', loaded.data, whole(loaded));
    issues.push(...found);
    if (!found.length) schoolFiles.set(id, loaded);
  }

  if (issues.length) return { issues: sortIssues(dedupeIssues(issues)), fileCount };

  // --- every school's merged result must still be valid
  const app = appFile!.data as AppConfig;
  const endpointsData = endpointsFile!.data as { endpoints: Record<string, Endpoint> };
  const screens: Record<string, ScreenBody> = {};
  for (const [id, loaded] of screenFiles) screens[id] = loaded.data as ScreenBody;
  const defaultsFile = schoolFiles.get('default')!;
  const defaults = defaultsFile.data as SchoolPatch;
  const schools: Record<string, SchoolPatch> = {};
  for (const [id, loaded] of schoolFiles) if (id !== 'default') schools[id] = loaded.data as SchoolPatch;

  const base = { app, screens, branding: {}, features: {} };
  const afterDefault = mergePatch<Record<string, any>>(base, defaults);
  issues.push(...checkMerged(validators, afterDefault, [defaultsFile], appFile!, screenFiles));
  for (const [id, patch] of Object.entries(schools)) {
    const merged = mergePatch<Record<string, any>>(afterDefault, patch);
    issues.push(...checkMerged(validators, merged, [schoolFiles.get(id)!, defaultsFile], appFile!, screenFiles));
  }
  if (issues.length) return { issues: sortIssues(dedupeIssues(issues)), fileCount };

  const content = { app, endpoints: endpointsData.endpoints, screens, defaults, schools };
  return { snapshot: { ...content, fileCount, version: shortHash(content) }, issues: [], fileCount };
}

/**
 * Checks one school's merged config. `layers` are the school files applied, most specific first; an error is
 * reported in the most specific file that contains the offending entry, else in app.yaml / the screen file.
 */
function checkMerged(
  validators: Validators,
  merged: Record<string, any>,
  layers: LoadedYaml[],
  appFile: LoadedYaml,
  screenFiles: Map<string, LoadedYaml>,
): Issue[] {
  const issues: Issue[] = [];
  const patched = (key: string) => layers.some((l) => isObject(l.data) && (l.data as any)[key] !== undefined);

  // branding must be complete once default.yaml (and the school) have been applied
  const brandingTargets = layers.map((loaded) => ({ loaded, prefix: ['branding'] }));
  issues.push(...validators.run(validators.ajv.compile(BRANDING_COMPLETE), merged.branding ?? {}, brandingTargets));

  if (patched('app')) {
    const targets: Target[] = [...layers.map((loaded) => ({ loaded, prefix: ['app'] })), { loaded: appFile, prefix: [] }];
    issues.push(...validators.check('app', merged.app, targets));
  }

  const known = [...screenFiles.keys()];
  for (const layer of layers) {
    const patch = isObject(layer.data) ? (layer.data as SchoolPatch).screens : undefined;
    if (!isObject(patch)) continue;
    for (const id of Object.keys(patch)) {
      if (screenFiles.has(id)) continue;
      const hint = suggest(id, known);
      const pos = locate(layer, ['screens', id]);
      issues.push({
        file: layer.file,
        line: pos.line,
        column: pos.column,
        message: `未知页面 screens.${id}${hint ? `，是否想写 ${hint}？` : '（config/screens/ 下没有这个文件）'}`,
      });
    }
  }
  if (!patched('screens')) return issues;
  for (const [id, screen] of Object.entries((merged.screens ?? {}) as Record<string, any>)) {
    if (!screenFiles.has(id)) continue;
    const targets: Target[] = [
      ...layers.map((loaded) => ({ loaded, prefix: ['screens', id] })),
      { loaded: screenFiles.get(id)!, prefix: [] },
    ];
    const found = validators.check('screen', screen, targets);
    issues.push(...found);
    if (!found.length && typeof screen.type === 'string') {
      issues.push(...validators.checkProps(screen.type, screen.props ?? {}, targets.map((t) => ({ ...t, prefix: [...t.prefix, 'props'] }))));
    }
  }
  return issues;
}
