// YAML props of the score detail (config/screens/practice-detail.yaml) and the record it shows.

export interface ScoreDetailProps {
  /** Record id, a template over query, e.g. "${query.id}". */
  id: string;
  /** Exam variant: a heading, a template over query (empty = none), e.g. "${query.title}". */
  title?: string;
  /** Learns whose detail is a list of image paths (spec: 13 and 33). */
  imageDetailLearnIds: number[];
  /** Learns that show the first module time (spec: 141). */
  firstModuleLearnIds: number[];
  colors: { min?: number; color: string }[];
  /** Column names of the detail table that feed the step chart. */
  chart?: { label: string; value: string; max?: string };
  labels: Record<'trainedAt' | 'timeUsed' | 'module' | 'score' | 'evaluate' | 'mistake' | 'firstModuleTime' | 'detail' | 'chart' | 'empty', string>;
  evaluate: { label: string; path: string };
  back: { label: string; path: string };
  pdf: { label: string; title: string; fileName: string; busy: string };
}

export interface ScoreRecord {
  id: number;
  created_at: string;
  learn_id: number;
  learn_name: string;
  thum: string;
  subhead: string;
  subtitle: string;
  total_score: number;
  total_time: number;
  detail: string;
  evalue: number;
  evaluate: string;
  mistake: string;
  first_module_time: number | null;
}
