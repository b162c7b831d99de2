import { currentUser } from '../http/auth';
import { assignmentInScope } from '../services/staff-scope';
import { defineRoute, field, objectSchema, type RouteContext } from './define';

/**
 * 各班情况 of one homework or exam (issue 16 #2): per class it was published to that the teacher teaches, how many
 * students there are, handed in, graded, waiting for a grade, not handed in, and handed in late. docs/api.md.
 */
export function staffAssignmentClassRoutes(ctx: RouteContext): void {
  const { db } = ctx;
  defineRoute(ctx, 'staff/assignment/classes', {
    schema: { querystring: objectSchema({ id: field.int('作业ID', { minimum: 1 }) }, ['id']) },
    async handler(request) {
      const teacher = currentUser(request);
      const a = await assignmentInScope(db, teacher, request.query.id);
      const rows = await db.selectFrom('assignment_classes as ac').innerJoin('classes as c', 'c.id', 'ac.class_id')
        .where('ac.assignment_id', '=', a.id).where('c.id', 'in', a.taught.length ? a.taught : [-1])
        .select((eb) => {
          const marks = () => eb.selectFrom('marks as m').innerJoin('users as u', 'u.id', 'm.user_id').select(eb.fn.countAll<number>().as('n'))
            .whereRef('u.class_id', '=', 'c.id').where('m.assignment_id', '=', a.id);
          return [
            'c.id', 'c.class_name',
            eb.selectFrom('users as u').select(eb.fn.countAll<number>().as('n')).whereRef('u.class_id', '=', 'c.id').where('u.role', '=', 'student').as('students'),
            marks().as('submitted'),
            marks().where('m.teacher_data', 'is not', null).as('graded'),
            marks().where('m.created_at', '>', a.end_time).as('late'),
          ];
        })
        .orderBy('c.sort').orderBy('c.id').execute();
      const data = rows.map((r) => {
        const students = Number(r.students ?? 0);
        const submitted = Number(r.submitted ?? 0);
        const graded = Number(r.graded ?? 0);
        return {
          class_id: r.id, class_name: r.class_name, students, submitted, graded, ungraded: submitted - graded,
          missing: Math.max(0, students - submitted), late: Number(r.late ?? 0),
        };
      });
      return { data, total: data.length, submitted: data.reduce((n, c) => n + c.submitted, 0), assignment: { id: a.id, title: a.title, end_time: a.end_time.slice(0, 16) } };
    },
  });
}
