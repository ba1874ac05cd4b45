// Measures the home page's initial JavaScript: every <script src> in dist/index.html (what the
// browser must fetch before the first render), gzipped at level 9, as a CDN would serve it.
// Budget: 170 KiB; e2e/bundle-size.test.js holds the whole home page
// (this plus the home page's own chunks) to the same figure.
// Usage: npm run build && node scripts/measure-initial-js.js
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const LIMIT_BYTES = 170 * 1024;
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/<script[^>]*\ssrc="?([^"\s>]+)"?/g)].map((m) => m[1]);
let total = 0;
for (const src of scripts) {
  const bytes = fs.readFileSync(path.join(dist, src.replace(/^\//, '')));
  const gz = zlib.gzipSync(bytes, { level: 9 }).length;
  total += gz;
  console.log(`${src}: ${(bytes.length / 1024).toFixed(1)} KiB raw, ${(gz / 1024).toFixed(1)} KiB gzipped`);
}
console.log(`initial JS total: ${(total / 1024).toFixed(1)} KiB gzipped (limit ${LIMIT_BYTES / 1024} KiB)`);
if (total > LIMIT_BYTES) {
  console.error('initial JS is over the limit');
  process.exit(1);
}
