import type { Defaulted, Id, Timestamp } from './schema';

// ---------- practice results ----------
export interface ScoreRecordTable {
  id: Id;
  user_id: number;
  learn_id: number;
  /** Copied from the user at insert time so class/grade rankings need no join. */
  class_id: Defaulted<number | null>;
  grade_id: Defaulted<number | null>;
  created_at: Defaulted<Timestamp>;
  subhead: Defaulted<string>;
  subtitle: Defaulted<string>;
  total_score: Defaulted<number>;
  total_time: Defaulted<number>; // seconds
  detail: Defaulted<string>; // JSON: rows, header row first (image paths for learns 13 and 33)
  evalue: Defaulted<number>; // 1 = questionnaire button shown
  evaluate: Defaulted<string>;
  mistake: Defaulted<string>;
  first_module_time: Defaulted<number | null>; // seconds
}

/** The school report's roll-up, kept by triggers on score_records (migration 0019): per school, month and course. */
export interface ReportMonthTable {
  school_id: number;
  month: string; // YYYY-MM of score_records.created_at
  learn_id: number;
  sessions: number;
  passed: number; // results with a score ≥ 60
  time_sum: number; // seconds
  score_sum: number;
}

/** Per student and month: how many results (migration 0019); distinct students per month are its rows. */
export interface ReportStudentTable {
  user_id: number;
  month: string;
  school_id: number;
  sessions: number;
}

// ---------- homework and exams ----------
export interface AssignmentTable {
  id: Id;
  school_id: number;
  teacher_id: number;
  kind: 'homework' | 'exam';
  title: string;
  classify: Defaulted<number>; // 1,4 in-system training; 2,3,6 photos; 5 docx
  cate_id: Defaulted<number>; // 1 casting, 2 clasp, 3 sketch
  content: Defaulted<string>;
  description: Defaulted<string>;
  detail: Defaulted<string>; // image path
  learn_id: Defaulted<number | null>;
  start_time: Timestamp;
  end_time: Timestamp;
  test_time: Defaulted<number>; // minutes
  tooth_num: Defaulted<string>;
  annex: Defaulted<string>; // JSON [{name,url}]
  created_at: Defaulted<Timestamp>;
  published: Defaulted<number>; // 0 = a teacher's draft, not shown to students
}

export interface AssignmentClassTable {
  assignment_id: number;
  class_id: number;
}

export interface AssignmentQuestionTable {
  id: Id;
  assignment_id: number;
  question: string;
  answer: Defaulted<string>;
  sort: Defaulted<number>;
}

/** One submission per (assignment, student). */
export interface MarkTable {
  id: Id;
  assignment_id: number;
  user_id: number;
  student_answer: Defaulted<string>; // JSON: image URLs or [{name,url}] documents
  student_des: Defaulted<string>;
  annex: Defaulted<string>; // JSON [{name,url}]
  answer: Defaulted<string>; // JSON from assign/uploadanswer
  teacher_data: Defaulted<string | null>; // present once graded
  teacher_answer: Defaulted<string>;
  teacher_comment: Defaulted<string>;
  score: Defaulted<number | null>;
  sum: Defaulted<number>; // number of operations
  total_time: Defaulted<number>; // seconds
  created_at: Defaulted<Timestamp>;
  updated_at: Defaulted<Timestamp>;
  graded_at: Defaulted<Timestamp | null>;
  receipt: Defaulted<string | null>; // client idempotency key, unique
}

// ---------- class tasks and tests ----------
export interface TaskTable {
  id: Id;
  school_id: number;
  teacher_id: number;
  kind: 'task' | 'test';
  title: string;
  type: Defaulted<number>;
  cate: Defaulted<number>; // 1 casting, 2 clasp, 3 sketch
  learn_id: Defaulted<number | null>;
  content: Defaulted<string>;
  description: Defaulted<string>;
  detail: Defaulted<string>;
  start_time: Timestamp;
  end_time: Timestamp;
  test_time: Defaulted<number>;
  tooth_num: Defaulted<string>;
  created_at: Defaulted<Timestamp>;
}

export interface TaskClassTable {
  task_id: number;
  class_id: number;
}

export interface TaskRecordTable {
  id: Id;
  task_id: number;
  user_id: number;
  status: Defaulted<number>; // 0 not submitted, 1 submitted, 2 graded
  student_answer: Defaulted<string>;
  student_des: Defaulted<string>;
  teacher_data: Defaulted<string | null>; // JSON lists for task ids > 30 and 22
  teacher_answer: Defaulted<string>;
  teacher_comment: Defaulted<string>;
  score: Defaulted<number | null>;
  total_time: Defaulted<number>;
  created_at: Defaulted<Timestamp>;
  updated_at: Defaulted<Timestamp>;
  receipt: Defaulted<string | null>;
}

// ---------- theory exams ----------
export interface TheoryTestTable {
  id: Id;
  school_id: number;
  teacher_id: number;
  name: string;
  start_time: Timestamp; // the spec's `start` (renamed: END is reserved in SQL)
  end_time: Timestamp; // the spec's `end`
  times: Defaulted<number>; // minutes allowed
  score: Defaulted<number>; // total points
  created_at: Defaulted<Timestamp>;
  published: Defaulted<number>; // 0 a draft students do not see
  review: Defaulted<number>; // key shown: 0 never, 1 after the test closed, 2 right after handing in
}

export interface TheoryExtraTimeTable {
  test_id: number;
  user_id: number;
  minutes: number;
}

export interface BankQuestionTable {
  id: Id;
  school_id: number;
  teacher_id: number;
  type: number; // as theory_questions.type, 1..7
  question: string;
  content: Defaulted<string>; // JSON array of option texts (A..J)
  answer: Defaulted<string>;
  poins: Defaulted<number>;
  analysis: Defaulted<string>;
  created_at: Defaulted<Timestamp>;
  updated_at: Defaulted<Timestamp>;
}

export interface QuestionImportTable {
  id: Id;
  teacher_id: number;
  file_name: Defaulted<string>;
  rows: string; // JSON: the parsed rows with their errors, until the teacher confirms
  created_at: Defaulted<Timestamp>;
}

export interface AccountImportTable {
  id: Id;
  school_id: number;
  admin_id: number;
  role: 'student' | 'teacher';
  file_name: Defaulted<string>;
  rows: string; // JSON: the parsed rows with their errors (and generated initial passwords) until expiry
  confirmed_at: Defaulted<Timestamp | null>;
  created_at: Defaulted<Timestamp>;
}

export interface TheoryTestClassTable {
  test_id: number;
  class_id: number;
}

export interface TheoryQuestionTable {
  id: Id;
  test_id: number;
  type: number; // 1 single, 2 multi, 3 judge, 4 fill, 5 term, 6 discussion, other short answer
  question: string;
  content: Defaulted<string>; // JSON array of option texts (A..J)
  poins: Defaulted<number>;
  answer: Defaulted<string>;
  sort: Defaulted<number>;
  bank_id: Defaulted<number | null>; // the bank question it was copied from
  analysis: Defaulted<string>;
}

export interface TheoryAttemptTable {
  id: Id;
  test_id: number;
  user_id: number;
  status: Defaulted<'in_progress' | 'submitted' | 'expired'>;
  started_at: Defaulted<Timestamp>;
  deadline_at: Timestamp; // server-side deadline
  submitted_at: Defaulted<Timestamp | null>;
  score: Defaulted<number | null>;
  last_seq: Defaulted<number>;
}

export interface TheoryAnswerTable {
  id: Id;
  attempt_id: number;
  question_id: number;
  answer: Defaulted<string>;
  isright: Defaulted<number>; // 0 not marked, 1 right, 2 wrong
  poins: Defaulted<number>; // points earned
  seq: Defaulted<number>; // autosave ordering: a lower seq never overwrites a higher one
  updated_at: Defaulted<Timestamp>;
}

// ---------- questions to teachers and questionnaires ----------
export interface TopicTable {
  id: Id;
  user_id: number;
  teacher_id: number;
  learn_id: Defaulted<number | null>;
  title: string;
  content: Defaulted<string>;
  reply: Defaulted<string>;
  created_at: Defaulted<Timestamp>;
  updated_at: Defaulted<Timestamp>;
}

export interface QuestionnaireTable {
  id: Id;
  learn_id: Defaulted<number | null>; // null = the default questionnaire
  problem: string; // JSON [{topic, option: string[]}] x4
  created_at: Defaulted<Timestamp>;
}

export interface QuestionnaireAnswerTable {
  id: Id;
  user_id: number;
  learn_id: number;
  estimate: number;
  know: string; // JSON number[]
  resource: string;
  perspective: string;
  created_at: Defaulted<Timestamp>;
}

/** The classes a teacher teaches: the teacher console's scope. */
export interface TeacherClassTable {
  teacher_id: number;
  class_id: number;
}

/** Every grade given to a submission, oldest first: a changed grade keeps its history. */
/** A submission handed back for resubmission, as it was, with the teacher's comment (migration 0018). */
export interface ReturnedWorkTable {
  id: Id;
  assignment_id: number;
  user_id: number;
  teacher_id: number;
  comment: Defaulted<string>;
  student_answer: Defaulted<string>;
  student_des: Defaulted<string>;
  annex: Defaulted<string>;
  submitted_at: Timestamp;
  returned_at: Defaulted<Timestamp>;
}

export interface GradeEventTable {
  id: Id;
  mark_id: number;
  teacher_id: number;
  score: number | null;
  comment: Defaulted<string>;
  created_at: Defaulted<Timestamp>;
}
