// Types at the boundary between the server's /api/config reply and the client engine, imported by both sides.
// The config files' own types are generated from config/schema/*.json (`npm run config:schema`): edit the schemas.
import type { AppConfig } from './app-config.gen';
import type { Endpoint } from './endpoints.gen';
import type { ScreenFile } from './screen-config.gen';

export type { AppConfig, LayoutSettings, LimitRule, NewWorkPolling, NewWorkSource, SmsRules } from './app-config.gen';
export type { Endpoint, EndpointsFile } from './endpoints.gen';
export type { SchoolFile } from './school-config.gen';
export type { ScreenFile } from './screen-config.gen';

/** Account roles a contract entry, a screen or a layout may require: admin = a school's administrator, platform = the platform's. */
export type AccountRole = Exclude<NonNullable<Endpoint['role']>, 'any'>;

/** A screen as the engine receives it: its file's content and its id (the file's name). */
export interface ScreenConfig extends ScreenFile {
  id: string;
}

export interface SchoolInfo {
  id: number;
  school_name: string;
  school_logo: string;
  type: string;
  domain_name: string;
}

export interface Branding {
  name: string;
  logo: string;
  productLogo: { default: string; type1: string };
  footer: { copyright: string; icp: string; security: { text: string; url: string } };
}

/** The signed-in user's profile, as user/get_info answers it (the client's session keeps it). */
export type UserProfile = Record<string, unknown> & { id: number; realname?: string; mobile?: string | null; head_img?: string; school_id?: number; class_id?: number | null };

export interface SiteConfig {
  school: SchoolInfo;
  /** For a signed-in request only: the user's profile, so a first page needs no user/get_info round trip. */
  user?: UserProfile;
  branding: Branding;
  features: Record<string, unknown>;
  app: AppConfig;
  endpoints: Record<string, Endpoint>;
  screens: Record<string, ScreenConfig>;
  version: string;
}

/** The reply envelope every API call answers with. */
export interface Envelope<T = unknown> {
  code: number;
  data: T;
  message: string;
  errors?: Record<string, string[]>;
}
