import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Timestamps are text 'YYYY-MM-DD HH:mm:ss' (Asia/Shanghai), booleans 0/1, JSON as text. */
export type Timestamp = string;
export type Id = Generated<number>;
/** A column with a database default: optional on insert. */
export type Defaulted<T> = ColumnType<T, T | undefined, T>;

// ---------- organisation ----------
export interface SchoolTable {
  id: Id;
  school_name: string;
  school_logo: Defaulted<string>;
  type: Defaulted<string>; // '0' single school, '1' platform (multi-school)
  domain_name: string;
  address: Defaulted<string>;
  email: Defaulted<string>;
  phone: Defaulted<string>;
  created_at: Defaulted<Timestamp>;
}

export interface DepartmentTable {
  id: Id;
  school_id: number;
  department_name: string;
  sort: Defaulted<number>;
}

export interface MajorTable {
  id: Id;
  depart_id: number;
  major_name: string;
  sort: Defaulted<number>;
}

export interface GradeTable {
  id: Id;
  major_id: number;
  grade_name: string;
  sort: Defaulted<number>;
}

export interface ClassTable {
  id: Id;
  grade_id: number;
  class_name: string;
  class_key: Defaulted<string>;
  probation_status: Defaulted<number>; // 0 none, 1 trial, 2 expired
  probation_date: Defaulted<Timestamp | null>;
  sort: Defaulted<number>;
}

// ---------- people ----------
/** admin = a school's administrator (one school), platform = the platform's administrator (every school). */
export type UserRole = 'student' | 'teacher' | 'reviewer' | 'admin' | 'platform';

export interface UserTable {
  id: Id;
  school_id: number;
  role: UserRole;
  username: string;
  password_hash: string;
  realname: Defaulted<string>;
  mobile: Defaulted<string | null>;
  head_img: Defaulted<string>;
  sex: Defaulted<number>; // 0 unknown, 1 male, 2 female
  student_no: Defaulted<string | null>;
  depart_id: Defaulted<number | null>;
  major_id: Defaulted<number | null>;
  grade_id: Defaulted<number | null>;
  class_id: Defaulted<number | null>;
  type: Defaulted<number>; // student type: 1 normal, 4 pending, 5 rejected
  open_id: Defaulted<string | null>; // third-party login account this user is bound to
  status: Defaulted<number>; // 1 enabled, 0 disabled
  created_at: Defaulted<Timestamp>;
  last_login_at: Defaulted<Timestamp | null>;
  login_count: Defaulted<number>;
  /** Why the class application was rejected (type 5), shown to the student; null otherwise. */
  review_reason: Defaulted<string | null>;
  /** 1 after an administrator set the password (reset, import): the client shows 修改密码 until it is changed. */
  must_change_password: Defaulted<number>;
}

export interface SessionTable {
  id: Id;
  user_id: number;
  token_hash: string;
  created_at: Defaulted<Timestamp>;
  expires_at: Timestamp;
  revoked_at: Defaulted<Timestamp | null>;
  user_agent: Defaulted<string | null>;
  ip: Defaulted<string | null>;
  /** Last use, refreshed at most once a minute (idle timeout). */
  last_seen_at: Defaulted<Timestamp | null>;
}

// ---------- learning catalogue ----------
export interface LearnCategoryTable {
  id: Id;
  school_id: Defaulted<number | null>; // null = shared by all schools
  parent_id: Defaulted<number>; // 0 = top level
  name: string;
  link: Defaulted<string | null>; // null shows 暂未开放
  icon: Defaulted<string>;
  sort: Defaulted<number>;
}

export interface LearnTable {
  id: Id;
  school_id: Defaulted<number | null>; // null = shared by all schools
  category_id: number; // second-level category
  name: string;
  thum: Defaulted<string>;
  times: Defaulted<number>; // minutes
  user_count: Defaulted<number>;
  change_time: Defaulted<Timestamp>;
  introduce: Defaulted<string>;
  type: Defaulted<number>; // 0 online, 1 model, 2 smart device
  url: Defaulted<string>; // simulation URL
  parent_learn_id: Defaulted<number | null>; // set for child courses of a practice
  state: Defaulted<number>; // 1 published
  sort: Defaulted<number>;
  created_at: Defaulted<Timestamp>;
  /** JSON array of the simulation's step names (admin console), handed to the simulation by sim/session. */
  sim_steps: Defaulted<string>;
  /** 1 = a result of this course offers the questionnaire (score_records.evalue). */
  questionnaire: Defaulted<number>;
}

export interface LearnDetailTable {
  id: Id;
  learn_id: number;
  title: string;
  content: Defaulted<string>; // HTML (sanitise before render)
  sort: Defaulted<number>;
}

export interface LearnFileTable {
  id: Id;
  learn_id: number;
  type: 'image' | 'video';
  path: string;
  title: Defaulted<string>;
  cover: Defaulted<string>; // poster image for videos
  sort: Defaulted<number>;
}

export interface LearnResourceTable {
  id: Id;
  learn_id: number;
  title: string;
  path: string;
  size: Defaulted<number>;
  sort: Defaulted<number>;
}

export interface ClassLearnTable {
  class_id: number;
  learn_id: number;
}

export interface FavoriteTable {
  user_id: number;
  learn_id: number;
  created_at: Defaulted<Timestamp>;
}

// ---------- messaging ----------
export interface ConversationTable {
  id: Id;
  student_id: number;
  teacher_id: number;
  status: Defaulted<number>; // 1 = last message came from the teacher and is unread by the student
  last_message: Defaulted<string>;
  last_author_id: Defaulted<number | null>;
  unread_student: Defaulted<number>; // messages from the teacher not yet read by the student
  created_at: Defaulted<Timestamp>;
  updated_at: Defaulted<Timestamp>;
  deleted_by_student: Defaulted<number>;
  unread_teacher: Defaulted<number>; // messages from the student not yet read by the teacher (0008)
  student_cleared_id: Defaulted<number>; // messages up to this id are hidden from the student after a delete (0008)
}

export interface MessageTable {
  id: Id;
  conversation_id: number;
  teacher_id: number;
  student_id: number;
  author_id: number;
  message: string;
  created_at: Defaulted<Timestamp>;
}

import type * as A from './schema-assessment';
import type * as P from './schema-platform';
export type * from './schema-assessment';
export type * from './schema-platform';

export interface Database {
  schools: SchoolTable;
  departments: DepartmentTable;
  majors: MajorTable;
  grades: GradeTable;
  classes: ClassTable;
  users: UserTable;
  sessions: SessionTable;
  learn_categories: LearnCategoryTable;
  learns: LearnTable;
  learn_details: LearnDetailTable;
  learn_files: LearnFileTable;
  learn_resources: LearnResourceTable;
  class_learns: ClassLearnTable;
  favorites: FavoriteTable;
  conversations: ConversationTable;
  messages: MessageTable;
  score_records: A.ScoreRecordTable;
  report_months: A.ReportMonthTable;
  report_students: A.ReportStudentTable;
  assignments: A.AssignmentTable;
  assignment_classes: A.AssignmentClassTable;
  assignment_questions: A.AssignmentQuestionTable;
  marks: A.MarkTable;
  teacher_classes: A.TeacherClassTable;
  grade_events: A.GradeEventTable;
  returned_work: A.ReturnedWorkTable;
  tasks: A.TaskTable;
  task_classes: A.TaskClassTable;
  task_records: A.TaskRecordTable;
  theory_tests: A.TheoryTestTable;
  theory_test_classes: A.TheoryTestClassTable;
  theory_questions: A.TheoryQuestionTable;
  theory_attempts: A.TheoryAttemptTable;
  theory_answers: A.TheoryAnswerTable;
  theory_extra_time: A.TheoryExtraTimeTable;
  bank_questions: A.BankQuestionTable;
  question_imports: A.QuestionImportTable;
  account_imports: A.AccountImportTable;
  topics: A.TopicTable;
  questionnaires: A.QuestionnaireTable;
  questionnaire_answers: A.QuestionnaireAnswerTable;
  notifications: P.NotificationTable;
  articles: P.ArticleTable;
  uploads: P.UploadTable;
  verification_codes: P.VerificationCodeTable;
  captchas: P.CaptchaTable;
  qr_scenes: P.QrSceneTable;
  launch_tokens: P.LaunchTokenTable;
  partner_tickets: P.PartnerTicketTable;
  rate_limits: P.RateLimitTable;
  audit_log: P.AuditLogTable;
}

export type Row<T extends keyof Database> = Selectable<Database[T]>;
export type NewRow<T extends keyof Database> = Insertable<Database[T]>;
export type RowUpdate<T extends keyof Database> = Updateable<Database[T]>;
export type User = Row<'users'>;
export type Learn = Row<'learns'>;
