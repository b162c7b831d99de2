// The props schema of every screen type, generic renderers and custom pieces alike: the config checker and
// the server validate each screen's YAML `props` against its type's schema. JSON only (no React), so the
// server can import it.
import assignmentDetail from './custom/assignments/assignment-detail.schema.json';
import assignmentList from './custom/assignments/assignment-list.schema.json';
import myTasks from './custom/assignments/my-tasks.schema.json';
import taskDetail from './custom/assignments/task-detail.schema.json';
import taskScore from './custom/assignments/task-score.schema.json';
import chatLauncher from './custom/chat/schema.json';
import grader from './custom/grader/schema.json';
import landing from './custom/landing/schema.json';
import loginPage from './custom/login/login-page.schema.json';
import ssoLoading from './custom/login/sso-loading.schema.json';
import profileInfo from './custom/profile/schema.json';
import recentStudy from './custom/recent-study/schema.json';
import questionnaire from './custom/scores/questionnaire.schema.json';
import scoreDetail from './custom/scores/score-detail.schema.json';
import scoreOverview from './custom/scores/score-overview.schema.json';
import theoryExam from './custom/theory/schema.json';
import weekly from './custom/weekly/schema.json';
import { rendererPropsSchemas } from './renderers/schemas';

export const propsSchemas: Record<string, object> = {
  ...rendererPropsSchemas,
  'assignment-detail': assignmentDetail,
  'assignment-list': assignmentList,
  'chat-launcher': chatLauncher,
  grader,
  'landing-page': landing,
  'login-page': loginPage,
  'my-tasks': myTasks,
  'profile-info': profileInfo,
  questionnaire,
  'recent-study': recentStudy,
  'score-detail': scoreDetail,
  'score-overview': scoreOverview,
  'sso-loading': ssoLoading,
  'task-detail': taskDetail,
  'task-score': taskScore,
  'theory-exam': theoryExam,
  'weekly-picker': weekly,
};
