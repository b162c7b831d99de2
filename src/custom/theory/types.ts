// Replies of the theory calls (server/routes/theory.ts).

export interface Question {
  id: number;
  type: number;
  type_name: string;
  question: string;
  /** Option texts, lettered A–J in order. */
  content: string[];
  poins: number;
}

export interface SavedAnswer {
  answer: string;
  seq: number;
}

export interface AttemptState {
  id: number;
  status: 'in_progress' | 'submitted' | 'expired';
  deadline_at: string;
  server_time: string;
  /** Seconds left by the server's clock. */
  remaining: number;
  last_seq: number;
  answers: Record<string, SavedAnswer>;
}

export interface ExamPaper {
  id: number;
  name: string;
  teacher: string;
  start: string;
  end: string;
  times: number;
  score: number;
  state: 'open' | 'in_progress' | 'taken' | 'missed' | 'upcoming';
  question_count: number;
  /** Questions and points per type: the notice shows them before the start. */
  sections: { type: number; type_name: string; count: number; points: number }[];
  /** Empty until the student's attempt has started (the server serves the questions only inside it). */
  questions: Question[];
  attempt: AttemptState | null;
}

export interface SaveReply {
  question_id: number;
  /** The seq the server holds for the question (higher than ours when a newer save won). */
  seq: number;
  answer: string;
  accepted: boolean;
  last_seq: number;
  remaining: number;
}
