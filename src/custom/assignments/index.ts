// Exams and homework: my exams / my homework lists, their detail pages, my tasks, task details and score detail.
import { register } from '../../engine';
import AssignmentDetail from './AssignmentDetail';
import AssignmentList from './AssignmentList';
import MyTasks from './MyTasks';
import TaskDetail from './TaskDetail';
import TaskScore from './TaskScore';

export function registerAssignments(): void {
  register('assignment-list', AssignmentList);
  register('assignment-detail', AssignmentDetail);
  register('my-tasks', MyTasks);
  register('task-detail', TaskDetail);
  register('task-score', TaskScore);
}
