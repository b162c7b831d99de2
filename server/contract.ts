import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { Endpoint } from '../shared/config-types';

/** One call of the API contract: the same type the client's engine reads the contract with. */
export type EndpointContract = Endpoint;

export type Contract = Record<string, EndpointContract>;

/** Reads the API contract the client also reads; the server cannot serve a route that is not in it. */
export function loadContract(configDir: string): Contract {
  const file = path.join(configDir, 'endpoints.yaml');
  const doc = parse(fs.readFileSync(file, 'utf8')) as { endpoints?: Contract } | null;
  if (!doc?.endpoints || typeof doc.endpoints !== 'object') throw new Error(`${file}: 缺少 endpoints`);
  return doc.endpoints;
}

/** Where every API call lives: the pages, files and demo apps are outside it. */
const API_PREFIX = '/api/';

/** `theory/test/{id}` -> `/api/theory/test/:id` */
export const routeUrl = (name: string) => `${API_PREFIX}${name.replace(/\{(\w+)\}/g, ':$1')}`;

/** Whether a request or route address is the API's. */
export const isApiPath = (url: string) => url.startsWith(API_PREFIX);
