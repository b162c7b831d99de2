import type { Defaulted, Id, Timestamp } from './schema';

export interface NotificationTable {
  id: Id;
  user_id: number;
  teacher_id: number;
  content: string;
  created_at: Defaulted<Timestamp>;
  read_at: Defaulted<Timestamp | null>;
}

export interface ArticleTable {
  id: Id;
  school_id: Defaulted<number | null>;
  title: string;
  content: Defaulted<string>; // HTML
  created_at: Defaulted<Timestamp>;
}

export interface UploadTable {
  id: Id;
  owner_id: number;
  stored_name: string; // generated, unique; never the client's name
  original_name: Defaulted<string>;
  mime: string;
  size: number;
  sha256: string;
  purpose: Defaulted<string>;
  created_at: Defaulted<Timestamp>;
  /** Set once a record was found naming this file; the orphan cleanup never removes it after that (0012). */
  referenced_at: Defaulted<Timestamp | null>;
  /** When a submission or profile edit last accepted this file, before writing its record (0012). */
  claimed_at: Defaulted<Timestamp | null>;
}

export interface VerificationCodeTable {
  id: Id;
  mobile: string;
  purpose: string; // 'register' | 'reset' | ...
  key: string; // verification_key handed to the client
  code_hash: string;
  expires_at: Timestamp;
  used_at: Defaulted<Timestamp | null>;
  attempts: Defaulted<number>;
  created_at: Defaulted<Timestamp>;
}

export interface CaptchaTable {
  id: Id;
  key: string;
  answer_hash: string;
  expires_at: Timestamp;
  used_at: Defaulted<Timestamp | null>;
  attempts: Defaulted<number>;
  created_at: Defaulted<Timestamp>;
}

export interface QrSceneTable {
  id: Id;
  scene_id: string;
  status: Defaulted<number>; // 0 waiting, 1 scanned, 2 confirmed, 3 consumed
  user_id: Defaulted<number | null>;
  expires_at: Timestamp;
  created_at: Defaulted<Timestamp>;
}

/** Single-use codes: simulation launch (purpose 'learn') and landing session codes ('landing'). */
export interface LaunchTokenTable {
  id: Id;
  token_hash: string;
  purpose: Defaulted<string>;
  user_id: number;
  learn_id: Defaulted<number | null>;
  expires_at: Timestamp;
  used_at: Defaulted<Timestamp | null>;
  created_at: Defaulted<Timestamp>;
  score_record_id: Defaulted<number | null>; // the record a simulation's result upload created
  result_hash: Defaulted<string | null>; // sha256 of that upload, so an identical retry is answered, not refused
}

/** Tickets a partner platform hands out; exchanged once for a user. */
export interface PartnerTicketTable {
  id: Id;
  partner: string;
  ticket_hash: string;
  user_id: number;
  expires_at: Timestamp;
  used_at: Defaulted<Timestamp | null>;
  created_at: Defaulted<Timestamp>;
}

/** Fixed-window counters: key like 'login:100002:demo' or 'sms:13800000000'. */
export interface RateLimitTable {
  id: Id;
  key: string;
  count: Defaulted<number>;
  window_start: Timestamp;
  blocked_until: Defaulted<Timestamp | null>;
}

/** What an administrator changed (services/audit.ts): who, in which school, what kind of record, and when. */
export interface AuditLogTable {
  id: Id;
  school_id: number | null; // null: a platform-wide change
  actor_id: number | null;
  actor_name: Defaulted<string>;
  kind: string; // org, account, application, school, ...
  action: string; // create, update, delete, approve, reject, move, reset-password, disable, enable
  target_id: number | null;
  summary: Defaulted<string>; // one line in Chinese, e.g. 新建班级 口腔医学2024级1班
  detail: Defaulted<string>; // JSON: the fields changed
  ip: Defaulted<string | null>;
  created_at: Defaulted<Timestamp>;
}
