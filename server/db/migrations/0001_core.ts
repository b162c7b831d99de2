import type { Kysely } from 'kysely';
import { createIndexes, dropTables, nowText, tableWithId } from '../ddl';

/** Organisation, accounts, the learning catalogue, favourites and teacher conversations. */
const TABLES = [
  'schools', 'departments', 'majors', 'grades', 'classes', 'users', 'sessions',
  'learn_categories', 'learns', 'learn_details', 'learn_files', 'learn_resources', 'class_learns', 'favorites',
  'conversations', 'messages',
];

export async function up(db: Kysely<any>): Promise<void> {
  const now = nowText(db);

  await tableWithId(db, 'schools')
    .addColumn('school_name', 'text', (c) => c.notNull())
    .addColumn('school_logo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('domain_name', 'text', (c) => c.notNull().unique())
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  await tableWithId(db, 'departments')
    .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('department_name', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await tableWithId(db, 'majors')
    .addColumn('depart_id', 'integer', (c) => c.notNull().references('departments.id').onDelete('cascade'))
    .addColumn('major_name', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await tableWithId(db, 'grades')
    .addColumn('major_id', 'integer', (c) => c.notNull().references('majors.id').onDelete('cascade'))
    .addColumn('grade_name', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await tableWithId(db, 'classes')
    .addColumn('grade_id', 'integer', (c) => c.notNull().references('grades.id').onDelete('cascade'))
    .addColumn('class_name', 'text', (c) => c.notNull())
    .addColumn('class_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('probation_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('probation_date', 'text')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await tableWithId(db, 'users')
    .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('realname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mobile', 'text')
    .addColumn('head_img', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sex', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('student_no', 'text')
    .addColumn('depart_id', 'integer', (c) => c.references('departments.id').onDelete('set null'))
    .addColumn('major_id', 'integer', (c) => c.references('majors.id').onDelete('set null'))
    .addColumn('grade_id', 'integer', (c) => c.references('grades.id').onDelete('set null'))
    .addColumn('class_id', 'integer', (c) => c.references('classes.id').onDelete('set null'))
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('open_id', 'text')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('last_login_at', 'text')
    .addColumn('login_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await tableWithId(db, 'sessions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .execute();

  await tableWithId(db, 'learn_categories')
    .addColumn('school_id', 'integer', (c) => c.references('schools.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await tableWithId(db, 'learns')
    .addColumn('school_id', 'integer', (c) => c.references('schools.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('learn_categories.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('thum', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('times', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('change_time', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('introduce', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('parent_learn_id', 'integer', (c) => c.references('learns.id').onDelete('cascade'))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  for (const name of ['learn_details', 'learn_files', 'learn_resources']) {
    let t = tableWithId(db, name).addColumn('learn_id', 'integer', (c) =>
      c.notNull().references('learns.id').onDelete('cascade'),
    );
    if (name === 'learn_details') {
      t = t.addColumn('title', 'text', (c) => c.notNull()).addColumn('content', 'text', (c) => c.notNull().defaultTo(''));
    } else if (name === 'learn_files') {
      t = t
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''));
    } else {
      t = t
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull().defaultTo(0));
    }
    await t.addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  }

  await db.schema
    .createTable('class_learns')
    .addColumn('class_id', 'integer', (c) => c.notNull().references('classes.id').onDelete('cascade'))
    .addColumn('learn_id', 'integer', (c) => c.notNull().references('learns.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('class_learns_pk', ['class_id', 'learn_id'])
    .execute();

  await db.schema
    .createTable('favorites')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('learn_id', 'integer', (c) => c.notNull().references('learns.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('favorites_pk', ['user_id', 'learn_id'])
    .execute();

  await tableWithId(db, 'conversations')
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('teacher_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_author_id', 'integer')
    .addColumn('unread_student', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('deleted_by_student', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await tableWithId(db, 'messages')
    .addColumn('conversation_id', 'integer', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('teacher_id', 'integer', (c) => c.notNull())
    .addColumn('student_id', 'integer', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  await createIndexes(db, [
    ['departments_school', 'departments', ['school_id']],
    ['majors_depart', 'majors', ['depart_id']],
    ['grades_major', 'grades', ['major_id']],
    ['classes_grade', 'classes', ['grade_id']],
    ['users_school_username', 'users', ['school_id', 'username'], true],
    ['users_username', 'users', ['username']],
    ['users_class', 'users', ['class_id']],
    ['users_grade', 'users', ['grade_id']],
    ['users_mobile', 'users', ['mobile']],
    ['users_open_id', 'users', ['open_id']],
    ['users_school_role', 'users', ['school_id', 'role']],
    ['sessions_user', 'sessions', ['user_id']],
    ['learn_categories_parent', 'learn_categories', ['parent_id', 'sort']],
    ['learns_category_state', 'learns', ['category_id', 'state', 'sort']],
    ['learns_state_name', 'learns', ['state', 'name']],
    ['learns_parent', 'learns', ['parent_learn_id']],
    ['learns_school', 'learns', ['school_id']],
    ['learn_details_learn', 'learn_details', ['learn_id', 'sort']],
    ['learn_files_learn', 'learn_files', ['learn_id', 'sort']],
    ['learn_resources_learn', 'learn_resources', ['learn_id', 'sort']],
    ['class_learns_learn', 'class_learns', ['learn_id']],
    ['favorites_learn', 'favorites', ['learn_id']],
    ['conversations_pair', 'conversations', ['student_id', 'teacher_id'], true],
    ['conversations_teacher', 'conversations', ['teacher_id']],
    ['messages_conversation', 'messages', ['conversation_id', 'id']],
  ]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, TABLES);
}
