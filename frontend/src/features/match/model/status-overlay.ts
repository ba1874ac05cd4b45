// What covers a section's prices when it takes no bets: its status (SUSPENDED, BALL RUNNING,
// CLOSED), or, once its market is decided, what the result made of it: the winner named on the
// winner's row, the other rows lost; a runs line's result; a void market.
import type { MarketResult, Section } from '@/types';

export type Overlay = { text: string; tone: 'won' | 'lost' | 'status' | 'suspended' };

export function statusOverlay(status: string, section: Section, result: MarketResult | undefined): Overlay {
  // A runner withdrawn before the off: its bets are void whatever the result.
  if (status === 'REMOVED') return { text: 'Non-runner', tone: 'status' };
  if (result) {
    switch (result.kind) {
      case 'winner':
        return result.sid === section.sid ? { text: 'Winner', tone: 'won' } : { text: 'Lost', tone: 'lost' };
      case 'happened':
        return result.sids.includes(section.sid) ? { text: 'Happened', tone: 'won' } : { text: 'Did not happen', tone: 'lost' };
      case 'runs':
        return { text: `Result: ${result.value}`, tone: 'status' };
      case 'void':
        return { text: 'Void', tone: 'status' };
      default:
        break;
    }
  }
  return { text: status, tone: status === 'SUSPENDED' ? 'suspended' : 'status' };
}

/** The decided market's winner in words, for its title: `Winner: Sinner`. */
export function resultTitle(result: MarketResult | undefined, sections: ReadonlyArray<Section>): string | null {
  if (!result) return null;
  const name = (sid: number) => sections.find((section) => section.sid === sid)?.nat ?? `#${sid}`;
  switch (result.kind) {
    case 'winner':
      return `Winner: ${name(result.sid)}`;
    case 'happened':
      return result.sids.length === 0 ? 'None happened' : `Happened: ${result.sids.map(name).join(', ')}`;
    case 'runs':
      return `Result: ${result.value} runs`;
    case 'void':
      return 'Void';
    default:
      return null;
  }
}
