import { createContext, useContext } from 'react';
import type { SiteConfig } from './types';

/** The merged configuration of the site being viewed (GET /api/config), provided once at the root. */
export const SiteConfigContext = createContext<SiteConfig | null>(null);

export function useSiteConfig(): SiteConfig | null {
  return useContext(SiteConfigContext);
}

/** App-level settings (config/app.yaml) with their types at the boundary. */
export interface ShellSettings {
  tabs: { label: string; path: string; screen?: string }[];
  userMenu: { label: string; path?: string; action?: string; screen?: string }[];
  themes: { default: number; options: { id: number; name: string; header: string; headerText: string; primary: string; page: string }[] };
  scaling: { designWidth: number; baseFontSize: number; maxScale: number; minScale?: number };
  home: string;
  loginPath: string;
  /** Where phones and tablets are sent (a page saying mobile is not supported); absent = no redirect. */
  mobilePage?: string;
  /** Persistent notices by class state; `{date}` is the class's trial date. */
  classNotices?: { probation?: string; expired?: string; pending?: string; rejected?: string };
}

export function shellSettings(config: SiteConfig): ShellSettings {
  return config.app as unknown as ShellSettings;
}
