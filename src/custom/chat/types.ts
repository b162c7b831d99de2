// Shapes of the answer/* replies (server/services/messaging.ts).
export interface Person {
  id: number;
  realname: string;
  head_img: string;
}

export interface Conversation {
  id: number;
  teacher_id: number;
  student_id: number;
  status: number;
  author_id: number | null;
  message: string;
  unread: number;
  updated_at: string;
  teacher: Person;
}

export interface ChatMessage {
  id: number;
  teacher_id: number;
  student_id: number;
  author_id: number;
  message: string;
  created_at: string;
  teacher: Person;
  student: Person;
  /** Client only: shown at once while answer/addmessage is on its way. */
  pending?: boolean;
}

/** The unread dot: the teacher wrote last (status 1) and the student has not read it. */
export const isUnread = (c: Conversation) => c.status === 1 && c.author_id !== c.student_id;
