import type { Section } from '@/types';
import { resultTitle, statusOverlay } from '../model/status-overlay';

const section = (sid: number, nat: string) => ({ sid, nat }) as Section;

describe('an overlay covers a closed section’s prices and a decided market names its winner', () => {
  it('shows the status while the market is not decided', () => {
    expect(statusOverlay('SUSPENDED', section(1, 'A'), undefined)).toEqual({ text: 'SUSPENDED', tone: 'suspended' });
    expect(statusOverlay('BALL RUNNING', section(1, 'A'), undefined)).toEqual({ text: 'BALL RUNNING', tone: 'status' });
  });

  it('names the winner’s row and marks the others lost', () => {
    const result = { kind: 'winner', sid: 2 } as const;
    expect(statusOverlay('CLOSED', section(2, 'Sinner'), result)).toEqual({ text: 'Winner', tone: 'won' });
    expect(statusOverlay('CLOSED', section(1, 'Alcaraz'), result)).toEqual({ text: 'Lost', tone: 'lost' });
    expect(resultTitle(result, [section(1, 'Alcaraz'), section(2, 'Sinner')])).toBe('Winner: Sinner');
  });

  it('words runs, happenings and a void market', () => {
    expect(statusOverlay('CLOSED', section(1, '6 over'), { kind: 'runs', value: 45 }).text).toBe('Result: 45');
    expect(statusOverlay('CLOSED', section(3, 'Six'), { kind: 'happened', sids: [3] }).text).toBe('Happened');
    expect(resultTitle({ kind: 'happened', sids: [] }, [])).toBe('None happened');
    expect(resultTitle({ kind: 'void' }, [])).toBe('Void');
  });
});
