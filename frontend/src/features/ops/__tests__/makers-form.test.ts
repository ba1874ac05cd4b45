import type { OpsMakers } from '@/types';
import { fieldValue, makersChange, makersForm } from '../model/makers-form';

const now: OpsMakers = { paused: false, spreadTicks: 0, depth: 3, size: 500, requoteMs: 1000, requoteTicks: 2, makers: [] };

describe('the market makers’ settings form', () => {
  it('starts from the settings now and sends nothing while nothing changed', () => {
    const form = makersForm(now);
    expect(form).toEqual({ spreadTicks: '0', depth: '3', size: '500.00', requoteMs: '1000', requoteTicks: '2' });
    expect(makersChange(form, now)).toEqual({ request: {} });
  });

  it('sends only the fields that changed', () => {
    expect(makersChange({ ...makersForm(now), depth: '1', size: '150.5', requoteMs: '2,000' }, now)).toEqual({ request: { depth: 1, size: 150.5, requoteMs: 2000 } });
  });

  it('holds each field to the server’s range', () => {
    expect(fieldValue('spreadTicks', '20')).toBe(20);
    expect(fieldValue('spreadTicks', '21')).toBe('0 to 20');
    expect(fieldValue('depth', '0')).toBe('1 to 10');
    expect(fieldValue('depth', '2.5')).toBe('A whole number');
    expect(fieldValue('requoteMs', '99')).toBe('100 to 60,000');
    expect(fieldValue('requoteMs', '60000')).toBe(60000);
    expect(fieldValue('requoteTicks', '')).toBe('A whole number');
    expect(fieldValue('requoteTicks', '-1')).toBe('A whole number');
    expect(fieldValue('size', '0')).toBe('More than 0 and at most 100000.00, with at most two decimals');
    expect(fieldValue('size', '100000.01')).toBe('More than 0 and at most 100000.00, with at most two decimals');
    expect(fieldValue('size', '10.001')).toBe('More than 0 and at most 100000.00, with at most two decimals');
    expect(fieldValue('size', '0.01')).toBe(0.01);
  });

  it('names every field that cannot be sent, and sends none of them', () => {
    expect(makersChange({ ...makersForm(now), depth: '11', spreadTicks: 'x', size: '200' }, now)).toEqual({ errors: { depth: '1 to 10', spreadTicks: 'A whole number' } });
  });
});
