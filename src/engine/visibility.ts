import { createContext, useContext } from 'react';

// A kept-alive screen stays mounted while hidden; when it is shown again its data may be stale (a new score after a
// simulation, a message read elsewhere). The router counts the showings, and loaders reload when the count moves,
// keeping what they show until the new reply arrives (stale-while-revalidate).
const ShownContext = createContext(0);

export const ShownProvider = ShownContext.Provider;

/** How many times this screen has been shown (1 on its first showing); changes each time it is shown again. */
export function useShownCount(): number {
  return useContext(ShownContext);
}
