// The lobby's fixed header links (spec §2, §9: 22 baccarat, 24 32 cards, 20 teenpatti, 21 poker,
// 27 lucky 7), after Our Casino (35, every table), and their paths.
import { OUR_CASINO_TYPE } from '../api/get-casino-tiles';

export const LOBBY_LINKS = [
  { id: OUR_CASINO_TYPE, label: 'Our Casino' },
  { id: 22, label: 'Baccarat' },
  { id: 24, label: '32 Cards' },
  { id: 20, label: 'Teenpatti' },
  { id: 21, label: 'Poker' },
  { id: 27, label: 'Lucky 7' },
] as const;

export const lobbyPath = (typeId: number): string => `/casino-list/LC/4/${typeId}`;
