// The score screens: results overview, score detail (with PDF export) and the evaluation questionnaire.
import { registerLazy } from '../../engine';

export function registerScores(): void {
  registerLazy('score-overview', () => import('./ScoreOverview'));
  registerLazy('score-detail', () => import('./ScoreDetail'));
  registerLazy('questionnaire', () => import('./Questionnaire'));
}
