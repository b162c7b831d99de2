import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/** One call of the API contract (config/endpoints.yaml): the key is its path under /api/. */
export interface EndpointContract {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  auth?: boolean;
  /** With auth: only accounts of this role may call it (others get 403). */
  role?: 'student' | 'teacher';
  body?: 'form' | 'json' | 'multipart' | 'query';
  summary?: string;
}

export type Contract = Record<string, EndpointContract>;

/** Reads the API contract the client also reads; the server cannot serve a route that is not in it. */
export function loadContract(configDir: string): Contract {
  const file = path.join(configDir, 'endpoints.yaml');
  const doc = parse(fs.readFileSync(file, 'utf8')) as { endpoints?: Contract } | null;
  if (!doc?.endpoints || typeof doc.endpoints !== 'object') throw new Error(`${file}: 缺少 endpoints`);
  return doc.endpoints;
}

/** `theory/test/{id}` -> `/api/theory/test/:id` */
export const routeUrl = (name: string) => `/api/${name.replace(/\{(\w+)\}/g, ':$1')}`;
