// The score record the score detail shows (score/get_one_score); its YAML props are in score-detail.schema.gen.ts.

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
