// The score screens: results overview, score detail (with PDF export) and the evaluation questionnaire.
import { register } from '../../engine';
import Questionnaire from './Questionnaire';
import ScoreDetail from './ScoreDetail';
import ScoreOverview from './ScoreOverview';

export function registerScores(): void {
  register('score-overview', ScoreOverview);
  register('score-detail', ScoreDetail);
  register('questionnaire', Questionnaire);
}
