// Generated from schema.json by npm run config:schema — edit the schema, not this file.
import type { StatsFigures } from './figures.schema.gen';

/**
 * A row of figures read from one call, e.g. a student's training count, total time and ranks.
 */
export interface StatsProps {
  source: RecordSource;
  /**
   * Title above the figures; may use ${...} templates.
   */
  heading?: string;
  figures: StatsFigures;
}
/**
 * The call that returns the figures.
 */
export interface RecordSource {
  /**
   * Name of the call in config/endpoints.yaml, e.g. score/get_student.
   */
  endpoint: string;
  /**
   * Parameters of the call; strings may hold ${...} expressions over user, school, features and query, e.g. "${user.id}".
   */
  params?: {
    [k: string]: string | number | boolean;
  };
  /**
   * Dotted path of the object holding the figures inside the reply's data; leave out when it is data itself.
   */
  items?: string;
}
