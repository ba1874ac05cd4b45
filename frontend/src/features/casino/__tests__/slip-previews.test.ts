import fs from 'node:fs';
import path from 'node:path';
import type { Side } from '@/types';
import { preview } from '../model/slip';

type CasinoPreviewCase = { name: string; b: number; l: number; side: Side; stake: number; profit: number; liability: number };

// The cases the server's ledger/tests/client_rules.rs places through the ledger: both sides must give these answers.
const CASES_FILE = path.resolve(__dirname, '../../../../../schemas/test-vectors/bet-rules.json');

describe('the casino slip previews what the ledger pays and takes (schemas/test-vectors/bet-rules.json)', () => {
  const { casino_previews: cases } = JSON.parse(fs.readFileSync(CASES_FILE, 'utf8')) as { casino_previews: CasinoPreviewCase[] };

  it('has cases on both sides', () => {
    expect(new Set(cases.map((testCase) => testCase.side))).toEqual(new Set(['back', 'lay']));
  });

  it.each(cases.map((testCase) => [testCase.name, testCase] as const))('%s', (_name, { b, l, side, stake, profit, liability }) => {
    expect(preview(side, side === 'back' ? b : l, stake)).toEqual({ profit, liability });
  });
});
