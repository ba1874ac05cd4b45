// Race runners' colours: greyhound trap jackets and horse saddle cloths, drawn by the race
// tracker and by the rules' trap table.
import type { RaceKind } from './race-kind';

export type Colors = { fill: string; text: string; stripe?: string };

// UK trap jackets: red, blue, white, black, orange, black and white stripes.
const TRAPS: Colors[] = [
  { fill: '#d32f2f', text: '#ffffff' },
  { fill: '#1565c0', text: '#ffffff' },
  { fill: '#fafafa', text: '#101820' },
  { fill: '#212121', text: '#ffffff' },
  { fill: '#f57c00', text: '#101820' },
  { fill: '#212121', text: '#ffffff', stripe: '#fafafa' },
];

// Saddle cloths by number, as UK courses colour them.
const CLOTHS: Colors[] = [
  { fill: '#d32f2f', text: '#ffffff' },
  { fill: '#fafafa', text: '#101820' },
  { fill: '#1565c0', text: '#ffffff' },
  { fill: '#fdd835', text: '#101820' },
  { fill: '#2e7d32', text: '#ffffff' },
  { fill: '#212121', text: '#ffffff' },
  { fill: '#f57c00', text: '#101820' },
  { fill: '#f48fb1', text: '#101820' },
  { fill: '#26c6da', text: '#101820' },
  { fill: '#6a1b9a', text: '#ffffff' },
  { fill: '#9e9e9e', text: '#101820' },
  { fill: '#c0ca33', text: '#101820' },
  { fill: '#6d4c41', text: '#ffffff' },
  { fill: '#880e4f', text: '#ffffff' },
];

export function runnerColors(kind: RaceKind, number: number): Colors {
  const palette = kind === 'greyhound' ? TRAPS : CLOTHS;
  return palette[(Math.max(1, number) - 1) % palette.length] ?? { fill: '#9e9e9e', text: '#101820' };
}
