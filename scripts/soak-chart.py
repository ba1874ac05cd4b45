"""Draws the soak's resident memory over time (rss.csv: seconds,rss_kib) as an SVG line chart and
prints its summary. Usage: soak-chart.py RSS_CSV OUT_SVG MINUTES"""
import csv
import sys

rows = [(int(r["seconds"]), int(r["rss_kib"]) / 1024) for r in csv.DictReader(open(sys.argv[1])) if r["rss_kib"]]
if not rows:
    sys.exit("no samples")
out, minutes = sys.argv[2], sys.argv[3]
width, height, pad = 720, 300, 50
t_max = max(t for t, _ in rows) or 1
m_max = max(m for _, m in rows) * 1.15
x = lambda t: pad + (width - 2 * pad) * t / t_max
y = lambda m: height - pad - (height - 2 * pad) * m / m_max
points = " ".join(f"{x(t):.1f},{y(m):.1f}" for t, m in rows)
ticks_y = [m_max * i / 4 for i in range(5)]
ticks_x = [t_max * i / 6 for i in range(7)]
svg = [
    f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="11">',
    f'<rect width="{width}" height="{height}" fill="#fff"/>',
    f'<text x="{width / 2}" y="18" text-anchor="middle" font-size="13">Server resident memory (MiB) over a {minutes}-minute soak at x10</text>',
]
for m in ticks_y:
    svg.append(f'<line x1="{pad}" x2="{width - pad}" y1="{y(m):.1f}" y2="{y(m):.1f}" stroke="#ddd"/>')
    svg.append(f'<text x="{pad - 6}" y="{y(m) + 4:.1f}" text-anchor="end">{m:.0f}</text>')
for t in ticks_x:
    svg.append(f'<text x="{x(t):.1f}" y="{height - pad + 16}" text-anchor="middle">{t / 60:.0f} min</text>')
svg.append(f'<polyline points="{points}" fill="none" stroke="#1e6fd0" stroke-width="2"/>')
svg.append("</svg>")
open(out, "w").write("\n".join(svg) + "\n")
first, last = rows[0][1], rows[-1][1]
after_warmup = [m for t, m in rows if t >= 120] or [last]
print(f"rss: first {first:.1f} MiB, after 2 min {after_warmup[0]:.1f} MiB, min {min(m for _, m in rows):.1f}, max {max(m for _, m in rows):.1f}, last {last:.1f} MiB ({len(rows)} samples); chart {out}")
