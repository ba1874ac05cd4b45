// The last-results strip (spec §9): each table's own letters and colours. The server sends the
// letter in `win` (`A`, `B`, `T`, `D`, `TIE`, `L`, `H`, `7`, `P`, a 32 Cards player's number, a
// roulette number, Casino War's count of winning players, Sic Bo's dice total, Worli's single,
// the lottery's number, the ranks 3 Card Judgement and KBC dealt); this maps it to
// the badge the strip draws.
import { rouletteColour } from '@/utils/roulette';

export type ResultBadge = { label: string; background: string; color: string };

const RED = '#d32f2f';
const BLUE = '#1e6fd0';
const GOLD = '#f5b700';
const GREEN = '#2e7d32';
const BLACK = '#111';
const PURPLE = '#7b3fb5';
const WHITE = '#fff';
const DARK_TEXT = '#141414';

const badge = (label: string, background: string, color = WHITE): ResultBadge => ({ label, background, color });

/** Per table: the strip letter → its colours. */
const TABLE_BADGES: Record<string, Record<string, ResultBadge>> = {
  teen20: { A: badge('A', GOLD, DARK_TEXT), B: badge('B', RED), T: badge('T', GREEN) },
  // P: a pair of two suits (Dragon, Tiger and Tie lose); TIE: the same card twice.
  dt20: { D: badge('D', RED), T: badge('T', GOLD, DARK_TEXT), TIE: badge('TIE', GREEN), P: badge('P', PURPLE) },
  lucky7: { L: badge('L', BLUE), H: badge('H', RED), 7: badge('7', GOLD, DARK_TEXT) },
  ab20: { A: badge('A', RED), B: badge('B', BLUE) },
  baccarat: { P: badge('P', BLUE), B: badge('B', RED), T: badge('T', GREEN) },
  card32: { 8: badge('8', BLUE), 9: badge('9', RED), 10: badge('10', GOLD, DARK_TEXT), 11: badge('11', PURPLE) },
  poker20: { A: badge('A', GOLD, DARK_TEXT), B: badge('B', RED), T: badge('T', GREEN) },
  // The winning king's suit.
  race20: { S: badge('S', BLACK), H: badge('H', RED), C: badge('C', GREEN), D: badge('D', BLUE) },
  // The ball: runs, or a wicket.
  ballbyball: {
    ...Object.fromEntries(['0', '1', '2', '3'].map((n) => [n, badge(n, n === '0' ? BLACK : BLUE)])),
    4: badge('4', GREEN),
    6: badge('6', GOLD, DARK_TEXT),
    W: badge('W', RED),
  },
  // The super over's winner.
  superover: { A: badge('A', BLUE), B: badge('B', RED), T: badge('T', GREEN) },
  // How many of the six players beat the dealer.
  war: Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((n) => [n, badge(n, n === '0' ? RED : BLUE)])),
};

const ROULETTE_BACKGROUND = { red: RED, black: BLACK, green: GREEN } as const;

export function resultBadge(gtype: string, win: string): ResultBadge {
  if (gtype === 'roulette') {
    const number = Number(win);
    if (win !== '' && Number.isInteger(number) && number >= 0 && number <= 36) return badge(String(number), ROULETTE_BACKGROUND[rouletteColour(number)]);
  }
  if (gtype === 'worli') {
    // The single digit: odd blue, even red.
    const single = Number(win);
    if (win.length === 1 && Number.isInteger(single)) return badge(win, single % 2 === 1 ? BLUE : RED);
  }
  if (gtype === 'lottcard') return badge(win, GOLD, DARK_TEXT);
  if (gtype === 'kbc' || gtype === '3cardj') return badge(win, PURPLE);
  if (gtype === 'sicbo') {
    // The dice total: Small blue, Big red (a triple is marked by the round's description).
    const total = Number(win);
    if (Number.isInteger(total) && total >= 3 && total <= 18) return badge(win, total <= 10 ? BLUE : RED);
  }
  return TABLE_BADGES[gtype]?.[win] ?? badge(win, '#555');
}
