import { createContext, useContext } from 'react';
import type { AccountRole, SiteConfig } from './types';

/** The merged configuration of the site being viewed (GET /api/config), provided once at the root. */
export const SiteConfigContext = createContext<SiteConfig | null>(null);

export function useSiteConfig(): SiteConfig | null {
  return useContext(SiteConfigContext);
}

/** App-level settings (config/app.yaml) with their types at the boundary. */
export interface ShellSettings {
  /** `also`: routes (detail pages) under this tab, which keep it highlighted. */
  tabs: { label: string; path: string; screen?: string; also?: string[] }[];
  userMenu: { label: string; path?: string; action?: string; screen?: string }[];
  themes: { default: number; options: { id: number; name: string; header: string; headerText: string; primary: string; page: string }[] };
  scaling: { designWidth: number; baseFontSize: number; maxScale: number; minScale?: number };
  home: string;
  loginPath: string;
  /** Where an account whose password an administrator set is sent until it changes it; absent = not enforced. */
  changePasswordPath?: string;
  /** Where phones and tablets are sent (a page saying mobile is not supported); absent = no redirect. */
  mobilePage?: string;
  /** Persistent notices by class state; `{date}` is the class's trial date. */
  classNotices?: { probation?: string; expired?: string; pending?: string; rejected?: string; rejectedReason?: string };
  /** Shells other than the student one, by the name screens give as `layout` (e.g. staff). */
  layouts?: Record<string, LayoutSettings>;
}

/** A shell of app.yaml `layouts`: its side navigation, home, login page and the role its screens need. */
export interface LayoutSettings {
  title?: string;
  /** The registered layout that draws this one when none is registered under its own name (e.g. staff). */
  frame?: string;
  /** false: the header shows the shell's title only, not the site's school (the platform console belongs to no school). */
  school?: boolean;
  role?: AccountRole;
  home: string;
  loginPath: string;
  /** Where an account of this shell whose password an administrator set is sent until it changes it. */
  changePasswordPath?: string;
  nav: { label: string; path: string; screen?: string }[];
}

export function shellSettings(config: SiteConfig): ShellSettings {
  return config.app as unknown as ShellSettings;
}

/** Home and login page of the shell a screen sits in: its layout's own, else the student shell's. */
export function entryPoints(config: SiteConfig, layout: string | undefined): { home: string; loginPath: string } {
  const shell = shellSettings(config);
  const own = layout ? shell.layouts?.[layout] : undefined;
  return own ? { home: own.home, loginPath: own.loginPath } : { home: shell.home, loginPath: shell.loginPath };
}
