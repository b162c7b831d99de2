import type { Kysely } from 'kysely';
import { createIndexes, dropTables, nowText, tableWithId } from '../ddl';

/** Notifications, articles, uploads and the short-lived codes/tokens/counters that keep API nodes stateless. */
const TABLES = [
  'notifications', 'articles', 'uploads', 'verification_codes', 'captchas', 'qr_scenes',
  'launch_tokens', 'partner_tickets', 'rate_limits',
];

export async function up(db: Kysely<any>): Promise<void> {
  const now = nowText(db);
  const created = (c: any) => c.notNull().defaultTo(now);
  const userRef = (c: any) => c.notNull().references('users.id').onDelete('cascade');

  await tableWithId(db, 'notifications')
    .addColumn('user_id', 'integer', userRef)
    .addColumn('teacher_id', 'integer', userRef)
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', created)
    .addColumn('read_at', 'text')
    .execute();

  await tableWithId(db, 'articles')
    .addColumn('school_id', 'integer', (c) => c.references('schools.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', created)
    .execute();

  await tableWithId(db, 'uploads')
    .addColumn('owner_id', 'integer', userRef)
    .addColumn('stored_name', 'text', (c) => c.notNull().unique())
    .addColumn('original_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', created)
    .execute();

  await tableWithId(db, 'verification_codes')
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', created)
    .execute();

  await tableWithId(db, 'captchas')
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('answer_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', created)
    .execute();

  await tableWithId(db, 'qr_scenes')
    .addColumn('scene_id', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', created)
    .execute();

  await tableWithId(db, 'launch_tokens')
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('learn'))
    .addColumn('user_id', 'integer', userRef)
    .addColumn('learn_id', 'integer', (c) => c.references('learns.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', created)
    .execute();

  await tableWithId(db, 'partner_tickets')
    .addColumn('partner', 'text', (c) => c.notNull())
    .addColumn('ticket_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', userRef)
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', created)
    .execute();

  await tableWithId(db, 'rate_limits')
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('blocked_until', 'text')
    .execute();

  await createIndexes(db, [
    ['notifications_user', 'notifications', ['user_id', 'created_at']],
    ['articles_school', 'articles', ['school_id']],
    ['uploads_owner', 'uploads', ['owner_id']],
    ['uploads_sha256', 'uploads', ['sha256']],
    ['verification_codes_mobile', 'verification_codes', ['mobile', 'purpose', 'created_at']],
    ['launch_tokens_user', 'launch_tokens', ['user_id']],
    ['partner_tickets_user', 'partner_tickets', ['user_id']],
  ]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, TABLES);
}
