import type { SchoolInfo } from '../../shared/config-types';
import type { Db } from '../db';

// The school record is part of the API boundary (GET /api/config): one type, shared with the client.
export type { SchoolInfo };

const COLUMNS = ['id', 'school_name', 'school_logo', 'type', 'domain_name'] as const;

export function findSchoolById(db: Db, id: number): Promise<SchoolInfo | undefined> {
  return db.selectFrom('schools').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findSchoolByDomain(db: Db, domain: string): Promise<SchoolInfo | undefined> {
  return db.selectFrom('schools').select(COLUMNS).where('domain_name', '=', domain.toLowerCase()).executeTakeFirst();
}

/** The first label of a host name ('demo.localhost:8080' -> 'demo'); null for bare names and IP addresses. */
export function domainLabel(host: string | undefined): string | null {
  if (!host) return null;
  const name = host.replace(/:\d+$/, '').replace(/^\[|\]$/g, '').toLowerCase();
  if (/^[\d.]+$/.test(name) || name.includes(':')) return null; // IPv4 / IPv6
  const labels = name.split('.');
  return labels.length > 1 ? labels[0] : null;
}

/**
 * The school a site address belongs to: the school whose domain_name is the host's first label,
 * else the default school (so plain localhost and IP addresses serve the demo school).
 */
export async function schoolForHost(db: Db, host: string | undefined, defaultDomain: string): Promise<SchoolInfo> {
  const label = domainLabel(host);
  const byLabel = label ? await findSchoolByDomain(db, label) : undefined;
  const school = byLabel ?? (await findSchoolByDomain(db, defaultDomain)) ?? (await db.selectFrom('schools').select(COLUMNS).orderBy('id').executeTakeFirst());
  if (!school) throw new Error('数据库中没有任何学校，请先运行 npm run seed');
  return school;
}
