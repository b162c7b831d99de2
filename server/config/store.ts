// The live site configuration: loads config/, keeps the last good version when an edit is invalid, and picks
// up valid edits on the next request (mtime check, at most every `checkIntervalMs`).
import fs from 'node:fs';
import path from 'node:path';
import type { Branding, ScreenConfig, SchoolInfo, SiteConfig } from '../../shared/config-types.js';
import { formatIssue, type Issue } from './issues.js';
import { mergePatch } from './merge.js';
import { readConfig, shortHash, watchedFiles, type ConfigSnapshot } from './snapshot.js';

/** Everything of SiteConfig except the `school` record, which the caller takes from the database. */
export type SchoolConfig = Omit<SiteConfig, 'school'>;

export interface ConfigStoreOptions {
  /** The config directory (containing app.yaml, endpoints.yaml, screens/, schools/, schema/). */
  configDir: string;
  /** Renderer props schemas by renderer type; each screen's merged `props` is validated against its type's. */
  rendererSchemas?: Record<string, object>;
  /** rendererSchemas covers every registered screen type (see ReadOptions.allTypesKnown). */
  allTypesKnown?: boolean;
  /** Called with the issues whenever a (re)load finds problems (the previous good config stays in use). */
  onIssues?: (issues: Issue[]) => void;
  /** Minimum time between two change checks, in ms (default 500). */
  checkIntervalMs?: number;
}

export interface ConfigStore {
  /** (Re)loads now. Returns the issues found; throws when there has never been a good config. */
  load(): Issue[];
  /** The merged config of one school (school file optional). Reloads first if files changed. */
  forSchool(school: Pick<SchoolInfo, 'id'> & Partial<SchoolInfo>): SchoolConfig;
  /** Issues of the most recent load (empty when it was clean). */
  issues(): Issue[];
  /** Ids of the schools that have a file of their own (config/schools/<id>.yaml). */
  schoolIds(): number[];
  /** Reloads if any config file changed since the last load (rate limited). Returns true if it reloaded. */
  refresh(): boolean;
  /** Hash of the config currently served (empty before the first good load). */
  readonly version: string;
  /** The directory the config is read from. */
  readonly configDir: string;
}

export function createConfigStore(options: ConfigStoreOptions): ConfigStore {
  const configDir = path.resolve(options.configDir);
  const interval = options.checkIntervalMs ?? 500;
  let snapshot: ConfigSnapshot | undefined;
  let current: Issue[] = [];
  let signature = '';
  let lastCheck = 0;
  let cache = new Map<string, SchoolConfig>();

  const computeSignature = (): string =>
    watchedFiles(configDir)
      .map((f) => {
        try {
          const st = fs.statSync(f);
          return `${f}:${st.mtimeMs}:${st.size}`;
        } catch {
          return `${f}:missing`;
        }
      })
      .join('\n');

  const load = (): Issue[] => {
    signature = computeSignature();
    lastCheck = Date.now();
    const result = readConfig(configDir, { rendererSchemas: options.rendererSchemas, allTypesKnown: options.allTypesKnown });
    current = result.issues;
    if (result.snapshot) {
      snapshot = result.snapshot;
      cache = new Map();
      return [];
    }
    // At start-up there is no earlier configuration to keep serving: the server does not start, and says why.
    if (!snapshot) {
      throw new Error(`配置有 ${current.length} 处错误，服务未启动（修正后重新启动）:\n${current.map(formatIssue).join('\n')}`);
    }
    options.onIssues?.(current);
    return current;
  };

  const refresh = (): boolean => {
    if (!snapshot) {
      load();
      return true;
    }
    const now = Date.now();
    if (now - lastCheck < interval) return false;
    lastCheck = now;
    if (computeSignature() === signature) return false;
    load();
    return true;
  };

  const build = (id: string): SchoolConfig => {
    const s = snapshot!;
    const base = { app: s.app, screens: s.screens, branding: {}, features: {} };
    let merged = mergePatch<Record<string, any>>(base, s.defaults);
    const own = s.schools[id];
    if (own) merged = mergePatch<Record<string, any>>(merged, own);
    const screens: Record<string, ScreenConfig> = {};
    for (const [sid, screen] of Object.entries((merged.screens ?? {}) as Record<string, Omit<ScreenConfig, 'id'>>)) {
      screens[sid] = { id: sid, ...screen };
    }
    const body = {
      branding: merged.branding as Branding,
      features: (merged.features ?? {}) as Record<string, unknown>,
      app: merged.app ?? {},
      endpoints: mergePatch<SiteConfig['endpoints']>({}, s.endpoints),
      screens,
    };
    return { ...body, version: shortHash(body) };
  };

  return {
    load,
    forSchool(school) {
      refresh();
      const id = String(school.id);
      let hit = cache.get(id);
      if (!hit) {
        hit = build(id);
        cache.set(id, hit);
      }
      // callers get their own copy, so nothing they do can change what is served to others
      return structuredClone(hit);
    },
    issues: () => current.slice(),
    schoolIds: () => Object.keys(snapshot?.schools ?? {}).map(Number),
    refresh,
    configDir,
    get version() {
      return snapshot?.version ?? '';
    },
  };
}
