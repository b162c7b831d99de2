// Types at the boundary between the server's /api/config reply and the client engine, imported by both sides.
// They mirror config/schema/*.json; change both together.

/** Account roles a contract entry, a screen or a layout may require: admin = a school's administrator, platform = the platform's. */
export type AccountRole = 'student' | 'teacher' | 'admin' | 'platform';

/** One call of the API contract (config/endpoints.yaml): the key is its path under /api/. */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  auth?: boolean;
  /** With auth: only accounts of this role may call it (others get 403). */
  role?: AccountRole;
  /** With auth: also open to an account that must change the password an administrator set (others refuse it). */
  passwordPending?: boolean;
  body?: 'form' | 'json' | 'multipart' | 'query';
  summary?: string;
}

export interface ScreenConfig {
  id: string;
  route: string;
  auth?: boolean;
  keepAlive?: boolean;
  /** `bare` screens skip the shell layout (header, footer); any other name is a layout of app.yaml `layouts` (e.g. staff). */
  layout?: string;
  /** Only accounts of this role may open the screen; others are sent to its layout's login page. */
  role?: AccountRole;
  title?: string;
  type: string;
  props?: Record<string, unknown>;
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

export type AppConfig = Record<string, unknown>;

export interface SiteConfig {
  school: SchoolInfo;
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
