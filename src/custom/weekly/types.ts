// Mirrors schema.json (hand-written; keep both in step).

export interface ScheduleEntry {
  /** Start time 'HH:mm'. */
  time: string;
  title: string;
  /** Secondary line: room, teacher, ... */
  detail?: string;
}

export interface TimeSlot {
  label: string;
  /** 'HH:mm' bounds; a slot without them shows the whole day (今日节目). */
  from?: string;
  to?: string;
}

export interface WeeklyProps {
  title?: string;
  /** Monday first, seven names. */
  dayNames: string[];
  todayLabel: string;
  prevLabel?: string;
  nextLabel?: string;
  slots: TimeSlot[];
  /** The sample schedule's variants; a week change moves to the next one (1, 2, 3, then 1 again). */
  schedules: { name?: string; entries: ScheduleEntry[] }[];
  empty?: string;
}
