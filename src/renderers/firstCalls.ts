// What each eagerly drawn screen type reads as soon as it is drawn, named from its props (engine/firstCalls.ts): the
// entry sends these reads with the configuration's answer, before the application's code has loaded. This file and
// what it imports are part of the entry's small first download: plain functions only, no React and no components.
import type { FirstCallPlans } from './shared/engine';
import { cardsFirstCalls } from './cards/firstCalls';

export const firstCallPlans: FirstCallPlans = { cards: cardsFirstCalls };
