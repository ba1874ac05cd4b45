// Pure model of the football tracker: where the ball's zone lies on the pitch, what it is called,
// and the momentum line drawn from the pressure of each minute.
import type { Area, BallZone, Incident, IncidentKind } from '@/types';

/** Part of the pitch's length, 0 (home goal, left) to 1 (away goal, right): home attacks right. */
export type Span = { from: number; to: number };

const HOME_SPANS: Record<Area, Span> = {
  safe: { from: 0, to: 0.5 },
  attack: { from: 0.5, to: 0.78 },
  danger: { from: 0.78, to: 1 },
};

export function zoneSpan(zone: BallZone): Span {
  const span = HOME_SPANS[zone.area];
  return zone.team === 0 ? span : { from: 1 - span.to, to: 1 - span.from };
}

export const AREA_LABELS: Record<Area, string> = { safe: 'Ball safe', attack: 'Attack', danger: 'Dangerous attack' };

export const INCIDENT_LABELS: Record<IncidentKind, string> = {
  shot: 'Shot off target',
  shot_on_target: 'Shot on target',
  corner: 'Corner',
  yellow_card: 'Yellow card',
  red_card: 'Red card',
  goal: 'Goal!',
};

/** The incident to headline: the latest, if it happened in the last `minutes` minutes. */
export function recentIncident(incidents: Incident[], minute: number, minutes = 2): Incident | null {
  const last = incidents[incidents.length - 1];
  return last && minute - last.minute < minutes ? last : null;
}

/**
 * Smooths the pressure of each minute with an exponential moving average, so the line shows who
 * is on top rather than every slice's noise.
 */
export function smooth(values: number[], alpha = 0.4): number[] {
  const out: number[] = [];
  let level = 0;
  values.forEach((value, i) => {
    level = i === 0 ? value : level + alpha * (value - level);
    out.push(Math.round(level * 10) / 10);
  });
  return out;
}

/** The x of a match minute on a line `width` long that spans at least `minutes` minutes. */
export function minuteX(minute: number, width: number, minutes: number): number {
  return Math.round((Math.min(minute, minutes) / minutes) * width * 10) / 10;
}

/**
 * The momentum area as an SVG path: one point per minute, home's pressure (positive) above the
 * middle line and away's below, closed back along the middle so it can be filled.
 */
export function momentumPath(values: number[], width: number, height: number, minutes = 90): string {
  if (values.length === 0) return '';
  const span = Math.max(minutes, values.length);
  const mid = height / 2;
  const y = (v: number) => Math.round((mid - (Math.max(-100, Math.min(100, v)) / 100) * mid) * 10) / 10;
  const points = values.map((v, i) => `L${minuteX(i + 1, width, span)},${y(v)}`);
  const lastX = minuteX(values.length, width, span);
  return `M0,${mid} ${points.join(' ')} L${lastX},${mid} Z`;
}
