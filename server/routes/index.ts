// Every API area registers its routes here; each area is one file (server/routes/<area>.ts).
import type { RouteContext } from './define';
import { adminAccountImportRoutes } from './admin-account-import';
import { adminAccountRoutes } from './admin-accounts';
import { adminApplicationRoutes } from './admin-applications';
import { adminAuditRoutes } from './admin-audit';
import { adminCategoryRoutes } from './admin-categories';
import { adminContentRoutes } from './admin-content';
import { adminCourseMediaRoutes } from './admin-course-media';
import { adminCourseImageRoutes } from './admin-course-image';
import { adminCourseRoutes } from './admin-courses';
import { adminReportRoutes } from './admin-reports';
import { adminClassRoutes } from './admin-classes';
import { adminLoginRoutes } from './admin-login';
import { adminOrgRoutes } from './admin-org';
import { answerRoutes } from './answer';
import { platformRoutes } from './platform-schools';
import { assignRoutes } from './assign';
import { landingRoutes } from './landing';
import { learnRoutes } from './learn';
import { messageRoutes } from './message';
import { schoolRoutes } from './school';
import { scoreRoutes } from './score';
import { simulationRoutes } from './simulation';
import { staffAnswerRoutes } from './staff-answers';
import { staffAssignmentRoutes } from './staff-assignments';
import { staffReturnRoutes } from './staff-return';
import { staffConversationRoutes } from './staff-conversations';
import { staffExportRoutes } from './staff-export';
import { staffTheoryExportRoutes } from './staff-theory-export';
import { staffResultRoutes } from './staff-results';
import { staffTheoryRoutes } from './staff-theory';
import { staffBankRoutes } from './staff-bank';
import { staffTheoryBuildRoutes } from './staff-theory-build';
import { taskRoutes } from './task';
import { uploadRoutes } from './upload';
import { systemRoutes, type SiteConfigSource } from './system';
import { teacherRoutes } from './teacher';
import { theoryRoutes } from './theory';
import { topicRoutes } from './topic';
import { userRoutes } from './user';
import type { FileStorage } from '../storage';

export interface RouteOptions {
  config: SiteConfigSource;
  defaultDomain: string;
  /** Where uploaded files live (server/storage). */
  storage: FileStorage;
  /** Shared secret partner platforms use to issue landing tickets. */
  partnerSecret: string;
  /** Where the platform console writes a new school's starting YAML (config/schools); none when absent. */
  schoolFilesDir?: string;
}

export function registerRoutes(ctx: RouteContext, opts: RouteOptions): void {
  systemRoutes(ctx, opts);
  schoolRoutes(ctx);
  userRoutes(ctx, opts);
  learnRoutes(ctx, opts);
  scoreRoutes(ctx, opts);
  simulationRoutes(ctx, opts);
  answerRoutes(ctx, opts);
  messageRoutes(ctx);
  teacherRoutes(ctx, opts);
  landingRoutes(ctx, opts);
  theoryRoutes(ctx);
  assignRoutes(ctx);
  taskRoutes(ctx);
  uploadRoutes(ctx, opts);
  topicRoutes(ctx);
  staffAssignmentRoutes(ctx);
  staffReturnRoutes(ctx);
  staffConversationRoutes(ctx);
  staffAnswerRoutes(ctx);
  staffTheoryRoutes(ctx);
  staffTheoryBuildRoutes(ctx);
  staffBankRoutes(ctx, opts);
  staffResultRoutes(ctx);
  staffExportRoutes(ctx, opts);
  staffTheoryExportRoutes(ctx);
  adminLoginRoutes(ctx, opts);
  adminOrgRoutes(ctx);
  adminClassRoutes(ctx);
  adminAccountRoutes(ctx);
  adminAccountImportRoutes(ctx, opts);
  adminApplicationRoutes(ctx);
  adminAuditRoutes(ctx);
  adminCategoryRoutes(ctx);
  adminCourseRoutes(ctx);
  adminCourseImageRoutes(ctx, opts);
  adminCourseMediaRoutes(ctx, opts);
  adminReportRoutes(ctx);
  adminContentRoutes(ctx, opts);
  platformRoutes(ctx, opts);
}
