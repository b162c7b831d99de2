// Generated from schema.json by npm run config:schema — edit the schema, not this file.

export interface WeeklyProps {
  title?: string;
  /**
   * @minItems 7
   * @maxItems 7
   */
  dayNames: string[];
  todayLabel: string;
  prevLabel?: string;
  nextLabel?: string;
  /**
   * @minItems 1
   */
  slots: TimeSlot[];
  /**
   * @minItems 1
   */
  schedules: {
    name?: string;
    entries: ScheduleEntry[];
  }[];
  empty?: string;
}
export interface TimeSlot {
  label: string;
  from?: string;
  to?: string;
}
export interface ScheduleEntry {
  time: string;
  title: string;
  detail?: string;
}
