import { formatQueryDate } from '@/utils/format';
import { buildStatementQuery, defaultRange, type StatementFilters } from '../model/statement-query';

const BASE: StatementFilters = { kind: 'deposit', fromDate: '', toDate: '', status: 'All', search: '', page: 1, limit: 10 };

describe('statement query', () => {
  it('sends only kind, page and limit when nothing narrows the list', () => {
    expect(buildStatementQuery(BASE)).toEqual({ kind: 'deposit', page: 1, limit: 10 });
  });

  it('sends dates, a status other than All and the trimmed search', () => {
    expect(
      buildStatementQuery({ ...BASE, kind: 'withdraw', fromDate: '2026-01-01', toDate: '2026-01-07', status: 'In-Process', search: '  hdfc ', page: 3, limit: 20 }),
    ).toEqual({ kind: 'withdraw', fromDate: '2026-01-01', toDate: '2026-01-07', status: 'In-Process', search: 'hdfc', page: 3, limit: 20 });
  });

  it('sends the browser\'s minutes east of UTC with the dates, and not without them', () => {
    expect(buildStatementQuery({ ...BASE, fromDate: '2026-01-01', toDate: '2026-01-07', utcOffset: 330 }).utcOffset).toBe(330);
    expect(buildStatementQuery({ ...BASE, utcOffset: 330 }).utcOffset).toBeUndefined();
  });

  it('swaps a to-date that is before the from-date', () => {
    const query = buildStatementQuery({ ...BASE, fromDate: '2026-02-10', toDate: '2026-02-01' });
    expect([query.fromDate, query.toDate]).toEqual(['2026-02-01', '2026-02-10']);
  });

  it('caps the search at 100 characters and pages at 1 or more', () => {
    const query = buildStatementQuery({ ...BASE, search: 'x'.repeat(150), page: 0 });
    expect(query.search).toHaveLength(100);
    expect(query.page).toBe(1);
  });

  it('defaults to the last 7 days through today', () => {
    const now = new Date(2026, 0, 10, 12, 0, 0);
    const { from, to } = defaultRange(now);
    expect(formatQueryDate(from)).toBe('2026-01-04');
    expect(formatQueryDate(to)).toBe('2026-01-10');
  });
});
