import type { CardHand } from '@/types';

/** How many cards the round's hands hold between them. */
export const dealtCount = (hands: ReadonlyArray<CardHand>) => hands.reduce((count, hand) => count + hand.cards.length, 0);
