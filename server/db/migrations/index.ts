import type { Migration } from 'kysely';
import * as m0001 from './0001_core';
import * as m0002 from './0002_assessment';
import * as m0003 from './0003_platform';
import * as m0004 from './0004_catalogue';
import * as m0005 from './0005_scores';
import * as m0007 from './0007_theory';
import * as m0008 from './0008_messaging';
import * as m0009 from './0009_session_idle';
import * as m0010 from './0010_catalogue_top_courses';
import * as m0011 from './0011_staff';
import * as m0012 from './0012_upload_references';
import * as m0013 from './0013_admin';
import * as m0014 from './0014_question_bank';
import * as m0015 from './0015_accounts';
import * as m0016 from './0016_catalogue_admin';
import * as m0018 from './0018_returned_work';
import * as m0019 from './0019_report_rollup';
import * as m0020 from './0020_course_ratings';
import * as m0021 from './0021_data_versions';
import * as m0022 from './0022_hot_path_versions';
import * as m0023 from './0023_inbox_versions';

/** Every migration in order. Listed statically so it works under tsx, vitest and bundlers alike. */
export const migrations: Record<string, Migration> = {
  '0001_core': m0001,
  '0002_assessment': m0002,
  '0003_platform': m0003,
  '0004_catalogue': m0004,
  '0005_scores': m0005,
  '0007_theory': m0007,
  '0008_messaging': m0008,
  '0009_session_idle': m0009,
  '0010_catalogue_top_courses': m0010,
  '0011_staff': m0011,
  '0012_upload_references': m0012,
  '0013_admin': m0013,
  '0014_question_bank': m0014,
  '0015_accounts': m0015,
  '0016_catalogue_admin': m0016,
  '0018_returned_work': m0018,
  '0019_report_rollup': m0019,
  '0020_course_ratings': m0020,
  '0021_data_versions': m0021,
  '0022_hot_path_versions': m0022,
  '0023_inbox_versions': m0023,
};
