import { createContext, useContext } from 'react';
import type { AppConfig, LayoutSettings, SiteConfig } from './types';

/** The merged configuration of the site being viewed (GET /api/config), provided once at the root. */
export const SiteConfigContext = createContext<SiteConfig | null>(null);

export function useSiteConfig(): SiteConfig | null {
  return useContext(SiteConfigContext);
}

/** App-level settings (config/app.yaml, merged with the school's patch): typed by the schema they are validated with. */
export type ShellSettings = AppConfig;
export type { LayoutSettings };

export function shellSettings(config: SiteConfig): ShellSettings {
  return config.app;
}

/** Home and login page of the shell a screen sits in: its layout's own, else the student shell's. */
export function entryPoints(config: SiteConfig, layout: string | undefined): { home: string; loginPath: string } {
  const shell = shellSettings(config);
  const own = layout ? shell.layouts?.[layout] : undefined;
  return own ? { home: own.home, loginPath: own.loginPath } : { home: shell.home, loginPath: shell.loginPath };
}
