import type { Kysely } from 'kysely';
import { createIndexes, dropTables, nowText, tableWithId } from '../ddl';

/** Practice scores, homework/exams, class tasks, theory exams, topics and questionnaires. */
const TABLES = [
  'score_records', 'assignments', 'assignment_classes', 'assignment_questions', 'marks',
  'tasks', 'task_classes', 'task_records',
  'theory_tests', 'theory_test_classes', 'theory_questions', 'theory_attempts', 'theory_answers',
  'topics', 'questionnaires', 'questionnaire_answers',
];

const userRef = (c: any) => c.notNull().references('users.id').onDelete('cascade');
const learnRef = (c: any) => c.references('learns.id').onDelete('set null');

export async function up(db: Kysely<any>): Promise<void> {
  const now = nowText(db);
  const text = (fallback: string) => (c: any) => c.notNull().defaultTo(fallback);
  const int0 = (c: any) => c.notNull().defaultTo(0);

  await tableWithId(db, 'score_records')
    .addColumn('user_id', 'integer', userRef)
    .addColumn('learn_id', 'integer', (c) => c.notNull().references('learns.id').onDelete('cascade'))
    .addColumn('class_id', 'integer')
    .addColumn('grade_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('subhead', 'text', text(''))
    .addColumn('subtitle', 'text', text(''))
    .addColumn('total_score', 'double precision', int0)
    .addColumn('total_time', 'integer', int0)
    .addColumn('detail', 'text', text('[]'))
    .addColumn('evalue', 'integer', int0)
    .addColumn('evaluate', 'text', text(''))
    .addColumn('mistake', 'text', text(''))
    .addColumn('first_module_time', 'integer')
    .execute();

  for (const name of ['assignments', 'tasks']) {
    let t = tableWithId(db, name)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id').onDelete('cascade'))
      .addColumn('teacher_id', 'integer', userRef)
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull());
    t =
      name === 'assignments'
        ? t.addColumn('classify', 'integer', int0).addColumn('cate_id', 'integer', int0)
        : t.addColumn('type', 'integer', int0).addColumn('cate', 'integer', int0);
    t = t
      .addColumn('learn_id', 'integer', learnRef)
      .addColumn('content', 'text', text(''))
      .addColumn('description', 'text', text(''))
      .addColumn('detail', 'text', text(''))
      .addColumn('start_time', 'text', (c) => c.notNull())
      .addColumn('end_time', 'text', (c) => c.notNull())
      .addColumn('test_time', 'integer', int0)
      .addColumn('tooth_num', 'text', text(''));
    if (name === 'assignments') t = t.addColumn('annex', 'text', text('[]'));
    await t.addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now)).execute();
  }

  for (const [name, owner, ownerTable] of [
    ['assignment_classes', 'assignment_id', 'assignments'],
    ['task_classes', 'task_id', 'tasks'],
  ] as const) {
    await db.schema
      .createTable(name)
      .addColumn(owner, 'integer', (c) => c.notNull().references(`${ownerTable}.id`).onDelete('cascade'))
      .addColumn('class_id', 'integer', (c) => c.notNull().references('classes.id').onDelete('cascade'))
      .addPrimaryKeyConstraint(`${name}_pk`, [owner, 'class_id'])
      .execute();
  }

  await tableWithId(db, 'assignment_questions')
    .addColumn('assignment_id', 'integer', (c) => c.notNull().references('assignments.id').onDelete('cascade'))
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', text(''))
    .addColumn('sort', 'integer', int0)
    .execute();

  await tableWithId(db, 'marks')
    .addColumn('assignment_id', 'integer', (c) => c.notNull().references('assignments.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', userRef)
    .addColumn('student_answer', 'text', text('[]'))
    .addColumn('student_des', 'text', text(''))
    .addColumn('annex', 'text', text('[]'))
    .addColumn('answer', 'text', text(''))
    .addColumn('teacher_data', 'text')
    .addColumn('teacher_answer', 'text', text(''))
    .addColumn('teacher_comment', 'text', text(''))
    .addColumn('score', 'double precision')
    .addColumn('sum', 'integer', int0)
    .addColumn('total_time', 'integer', int0)
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('graded_at', 'text')
    .addColumn('receipt', 'text')
    .execute();

  await tableWithId(db, 'task_records')
    .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', userRef)
    .addColumn('status', 'integer', int0)
    .addColumn('student_answer', 'text', text('[]'))
    .addColumn('student_des', 'text', text(''))
    .addColumn('teacher_data', 'text')
    .addColumn('teacher_answer', 'text', text(''))
    .addColumn('teacher_comment', 'text', text(''))
    .addColumn('score', 'double precision')
    .addColumn('total_time', 'integer', int0)
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('receipt', 'text')
    .execute();

  await tableWithId(db, 'theory_tests')
    .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('teacher_id', 'integer', userRef)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('times', 'integer', int0)
    .addColumn('score', 'double precision', int0)
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('theory_test_classes')
    .addColumn('test_id', 'integer', (c) => c.notNull().references('theory_tests.id').onDelete('cascade'))
    .addColumn('class_id', 'integer', (c) => c.notNull().references('classes.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('theory_test_classes_pk', ['test_id', 'class_id'])
    .execute();

  await tableWithId(db, 'theory_questions')
    .addColumn('test_id', 'integer', (c) => c.notNull().references('theory_tests.id').onDelete('cascade'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('content', 'text', text('[]'))
    .addColumn('poins', 'double precision', int0)
    .addColumn('answer', 'text', text(''))
    .addColumn('sort', 'integer', int0)
    .execute();

  await tableWithId(db, 'theory_attempts')
    .addColumn('test_id', 'integer', (c) => c.notNull().references('theory_tests.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', userRef)
    .addColumn('status', 'text', text('in_progress'))
    .addColumn('started_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('deadline_at', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'text')
    .addColumn('score', 'double precision')
    .addColumn('last_seq', 'integer', int0)
    .execute();

  await tableWithId(db, 'theory_answers')
    .addColumn('attempt_id', 'integer', (c) => c.notNull().references('theory_attempts.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('theory_questions.id').onDelete('cascade'))
    .addColumn('answer', 'text', text(''))
    .addColumn('isright', 'integer', int0)
    .addColumn('poins', 'double precision', int0)
    .addColumn('seq', 'integer', int0)
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  await tableWithId(db, 'topics')
    .addColumn('user_id', 'integer', userRef)
    .addColumn('teacher_id', 'integer', userRef)
    .addColumn('learn_id', 'integer', learnRef)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', text(''))
    .addColumn('reply', 'text', text(''))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  await tableWithId(db, 'questionnaires')
    .addColumn('learn_id', 'integer', (c) => c.references('learns.id').onDelete('cascade'))
    .addColumn('problem', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  await tableWithId(db, 'questionnaire_answers')
    .addColumn('user_id', 'integer', userRef)
    .addColumn('learn_id', 'integer', (c) => c.notNull().references('learns.id').onDelete('cascade'))
    .addColumn('estimate', 'integer', (c) => c.notNull())
    .addColumn('know', 'text', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('perspective', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  await createIndexes(db, [
    ['score_records_user_learn', 'score_records', ['user_id', 'learn_id', 'created_at']],
    ['score_records_user_created', 'score_records', ['user_id', 'created_at']],
    ['score_records_learn_class', 'score_records', ['learn_id', 'class_id', 'total_score']],
    ['score_records_class_score', 'score_records', ['class_id', 'total_score']],
    ['score_records_grade_score', 'score_records', ['grade_id', 'total_score']],
    ['assignments_school_kind', 'assignments', ['school_id', 'kind', 'start_time']],
    ['assignment_classes_class', 'assignment_classes', ['class_id']],
    ['assignment_questions_assignment', 'assignment_questions', ['assignment_id', 'sort']],
    ['marks_assignment_user', 'marks', ['assignment_id', 'user_id'], true],
    ['marks_user', 'marks', ['user_id']],
    ['marks_receipt', 'marks', ['receipt'], true],
    ['tasks_school_kind', 'tasks', ['school_id', 'kind', 'start_time']],
    ['task_classes_class', 'task_classes', ['class_id']],
    ['task_records_task_user', 'task_records', ['task_id', 'user_id'], true],
    ['task_records_user', 'task_records', ['user_id']],
    ['task_records_receipt', 'task_records', ['receipt'], true],
    ['theory_tests_school', 'theory_tests', ['school_id', 'start_time']],
    ['theory_test_classes_class', 'theory_test_classes', ['class_id']],
    ['theory_questions_test', 'theory_questions', ['test_id', 'sort']],
    ['theory_attempts_test_user', 'theory_attempts', ['test_id', 'user_id'], true],
    ['theory_attempts_user', 'theory_attempts', ['user_id']],
    ['theory_answers_attempt_question', 'theory_answers', ['attempt_id', 'question_id'], true],
    ['topics_user', 'topics', ['user_id', 'created_at']],
    ['topics_teacher', 'topics', ['teacher_id']],
    ['questionnaires_learn', 'questionnaires', ['learn_id']],
    ['questionnaire_answers_user_learn', 'questionnaire_answers', ['user_id', 'learn_id'], true],
  ]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, TABLES);
}
