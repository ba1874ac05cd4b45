import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/utils/format';
import { describeDetail, detailLabel } from '../model/event-detail';

describe('an event detail as pairs', () => {
  it('labels fields without their unit suffix', () => {
    expect(detailLabel('amount_minor')).toBe('amount');
    expect(detailLabel('created_at_ms')).toBe('created at');
  });

  it('shows amounts, odds and moments in their units, durations as ms', () => {
    const at = 1_767_225_600_000;
    const { pairs } = describeDetail({ user_id: 3, amount_minor: 123_450, odds_hundredths: 236, placed_at_ms: at, delay_ms: 5000, live: true, remark: 'goodwill' });
    expect(pairs).toEqual([
      { key: 'user id', value: '3' },
      { key: 'amount', value: '1234.50' },
      { key: 'odds', value: '2.36' },
      { key: 'placed at', value: formatDateTime(at) },
      { key: 'delay', value: '5000 ms' },
      { key: 'live', value: 'yes' },
      { key: 'remark', value: 'goodwill' },
    ]);
  });

  it('names an enum variant and lists its fields under the field', () => {
    const { pairs } = describeDetail({ by: 1, action: { Credit: { amount_minor: 500 } }, tags: ['a', 'b'] });
    expect(pairs).toEqual([
      { key: 'by', value: '1' },
      { key: 'action', value: 'Credit' },
      { key: 'action › amount', value: '5.00' },
      { key: 'tags', value: 'a, b' },
    ]);
  });

  it('puts a variant’s bare values beside its name', () => {
    expect(describeDetail({ kind: { Runners: [1, 3] }, side: { Lay: null } }).pairs).toEqual([
      { key: 'kind', value: 'Runners 1, 3' },
      { key: 'side', value: 'Lay' },
    ]);
  });

  it('has no braces for nested objects and arrays of objects, and stops at its limit', () => {
    const { pairs, truncated } = describeDetail({ legs: Array.from({ length: 30 }, (_, i) => ({ sid: i })) });
    expect(pairs[0]).toEqual({ key: 'legs 1 › sid', value: '0' });
    expect(truncated).toBe(true);
    expect(pairs.some((p) => /[{}]/.test(p.value))).toBe(false);
  });

  it('a bare value or nothing', () => {
    expect(describeDetail(null)).toEqual({ pairs: [], truncated: false });
    expect(describeDetail('Tick').pairs).toEqual([{ key: 'value', value: 'Tick' }]);
  });
});
