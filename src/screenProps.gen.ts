// Generated from src/propsSchemas.ts by npm run config:schema — edit the schemas, not this file.
import type { AssignmentDetailProps } from './custom/assignments/assignment-detail.schema.gen';
import type { AssignmentListProps } from './custom/assignments/assignment-list.schema.gen';
import type { CardsProps } from './renderers/cards/schema.gen';
import type { ChatLauncherProps } from './custom/chat/schema.gen';
import type { DetailProps } from './renderers/detail/schema.gen';
import type { FormProps } from './renderers/form/schema.gen';
import type { GraderProps } from './custom/grader/schema.gen';
import type { LandingProps } from './custom/landing/schema.gen';
import type { ListProps } from './renderers/list/schema.gen';
import type { LoginPageProps } from './custom/login/login-page.schema.gen';
import type { MyTasksProps } from './custom/assignments/my-tasks.schema.gen';
import type { NoticeProps } from './renderers/notice/schema.gen';
import type { ProfileInfoProps } from './custom/profile/schema.gen';
import type { QuestionnaireProps } from './custom/scores/questionnaire.schema.gen';
import type { RecentStudyProps } from './custom/recent-study/schema.gen';
import type { ScoreDetailProps } from './custom/scores/score-detail.schema.gen';
import type { ScoreOverviewProps } from './custom/scores/score-overview.schema.gen';
import type { SsoLoadingProps } from './custom/login/sso-loading.schema.gen';
import type { StatsProps } from './renderers/stats/schema.gen';
import type { TableProps } from './renderers/table/schema.gen';
import type { TabsProps } from './renderers/tabs/schema.gen';
import type { TaskDetailProps } from './custom/assignments/task-detail.schema.gen';
import type { TaskScoreProps } from './custom/assignments/task-score.schema.gen';
import type { TheoryExamProps } from './custom/theory/schema.gen';
import type { WeeklyProps } from './custom/weekly/schema.gen';

declare module './engine/registry' {
  interface ScreenPropsByType {
    'assignment-detail': AssignmentDetailProps;
    'assignment-list': AssignmentListProps;
    cards: CardsProps;
    'chat-launcher': ChatLauncherProps;
    detail: DetailProps;
    form: FormProps;
    grader: GraderProps;
    'landing-page': LandingProps;
    list: ListProps;
    'login-page': LoginPageProps;
    'my-tasks': MyTasksProps;
    notice: NoticeProps;
    'profile-info': ProfileInfoProps;
    questionnaire: QuestionnaireProps;
    'recent-study': RecentStudyProps;
    'score-detail': ScoreDetailProps;
    'score-overview': ScoreOverviewProps;
    'sso-loading': SsoLoadingProps;
    stats: StatsProps;
    table: TableProps;
    tabs: TabsProps;
    'task-detail': TaskDetailProps;
    'task-score': TaskScoreProps;
    'theory-exam': TheoryExamProps;
    'weekly-picker': WeeklyProps;
  }
}
