// Exams and homework: my exams / my homework lists, their detail pages, my tasks, task details and score detail.
import { registerLazy } from '../../engine';

export function registerAssignments(): void {
  registerLazy('assignment-list', () => import('./AssignmentList'));
  registerLazy('assignment-detail', () => import('./AssignmentDetail'));
  registerLazy('my-tasks', () => import('./MyTasks'));
  registerLazy('task-detail', () => import('./TaskDetail'));
  registerLazy('task-score', () => import('./TaskScore'));
}
