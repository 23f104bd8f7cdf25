#!/usr/bin/env python3
"""Draws docs/fidelity.svg and docs/fidelity.png: issue 11's fidelity checks, each as ContactLab's figure over
the check's bar (closed form or Box2D v3's figure), on a log scale, with Box2D v3 where it was measured.

The numbers come from running the physics tests of a Release build (they print every figure they check):
    scripts/fidelity_figure.py [BUILD_DIR]        (default build/release; needs rsvg-convert for the PNG)
Nothing here is typed in by hand except the bars and Box2D v3's figures, which are the tests' own."""

import math
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build", "release")


def run(test):
    exe = os.path.join(BUILD, "tests", test)
    out = subprocess.run([exe], capture_output=True, text=True, env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
    return out.stdout


def number(pattern, text):
    values = [float(m) for m in re.findall(pattern, text)]
    if not values:
        sys.exit("no match for " + pattern)
    return values


solver = run("physics_tst_solver2d")
cont = run("physics_tst_continuous")

rows = []  # (label, ContactLab's figure as text, ratio to the bar, Box2D v3's ratio or None, bar as text)


def drift(name, bar, v3=None, unit_scale=100.0, unit="cm"):
    value = number(name + r": (?:from 1 to 10 s largest )?drift ([0-9.]+) m", solver)[0]
    return value, value / bar, (v3 / bar if v3 is not None else None), "%.2f %s" % (value * unit_scale, unit)


ghost = max(number(r"velocity changed by ([0-9.e+-]+)%", cont))
rows.append(("ghost collision, 2-50 m/s", "%.2g%% change" % ghost, ghost / 1.0, None, "1% (issue)"))
bounce = max(number(r"off by ([0-9.]+)%", cont))
rows.append(("bounce height, e 0.1-0.95, h 0.5-5 m", "%.2f%% off" % bounce, bounce / 4.0, None,
             "4% (issue)"))
for name, label, bar, v3, bartext in [
    ("vertical stack", "vertical stack of 15", 0.007, 0.007, "v3: 0.7 cm"),
    ("dropped vertical stack", "Solver2D's dropped stack", 0.057, 0.057, "v3: 5.7 cm"),
    ("arch", "arch of 17 voussoirs", 0.001, 0.001, "v3: 0.1 cm"),
    ("card house", "card house, 2 mm cards", 0.01, None, "stands: 1 cm"),
    ("high mass ratio 1", "3 pyramids under 100-300x boxes", 0.576, 0.576, "v3 run: 57.6 cm; issue: 1.3 cm"),
]:
    value, ratio, v3ratio, text = drift(name, bar, v3)
    rows.append((label + " (drift)", text, ratio, v3ratio, bartext))
sink = number(r"sinks ([0-9.]+) m", solver)[0]
rows.append(("400:1 box on two boxes (sink)", "%.1f cm" % (sink * 100), sink / 0.05, 0.08 / 0.05, "5 cm (issue)"))
ramp = [abs(a - c) / (0.02 * abs(c)) for a, c in
        zip(number(r"accelerates ([0-9.-]+) m/s", solver), number(r"\(Coulomb: ([0-9.-]+)\)", solver))]
rows.append(("friction ramp vs Coulomb", "%.2g%% off" % (max(ramp) * 2), max(ramp), None, "2%"))
peak = number(r"peak energy ([0-9.]+) J", solver)[0]
rest = number(r"at rest ([0-9.]+) J", solver)[0]
rise = max(peak / rest - 1.0, 0.0)
rows.append(("overlap recovery (energy rise)", "+%.2f%%" % (rise * 100), rise / 0.10, None, "+10%"))
fastest = number(r"fastest disc after 2 s ([0-9.]+) m/s", solver)[0]
rows.append(("confined discs (fastest at 2 s)", "%.2f m/s" % fastest, fastest / 0.5, 0.002 / 0.5, "0.5 m/s (ours)"))
turn = number(r"least turn ([0-9.]+) degrees", solver)[0]
rows.append(("double domino (20\u00b0 / least turn)", "%.0f\u00b0" % turn, 20.0 / turn, None, "20\u00b0"))

# Drawing: a log axis from 1e-3 to 1e2 of (figure / bar); 1 is the bar. Lower is better everywhere.
LO, HI = -3.0, 2.0
left, labelw, axisw, rowh, top = 20, 330, 520, 30, 70
width = left + labelw + axisw + 380
height = top + rowh * len(rows) + 60


def x(ratio):
    v = math.log10(min(max(ratio, 10 ** LO), 10 ** HI))
    return left + labelw + (v - LO) / (HI - LO) * axisw


def esc(t):
    return t.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
       f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, sans-serif">',
       f'<rect width="{width}" height="{height}" fill="white"/>',
       f'<text x="{left}" y="28" font-size="18" font-weight="bold">Issue 11 fidelity checks at the default '
       f'settings (60 Hz, automatic substeps, continuous on)</text>',
       f'<text x="{left}" y="50" font-size="13" fill="#444">Bar: ContactLab\'s figure divided by the check\'s '
       f'threshold (log scale; left of the red line passes). Diamond: Box2D v3 on the same scene.</text>']
for k in range(int(LO), int(HI) + 1):
    gx = x(10 ** k)
    svg.append(f'<line x1="{gx:.1f}" y1="{top - 8}" x2="{gx:.1f}" y2="{top + rowh * len(rows)}" '
               f'stroke="#ddd" stroke-width="1"/>')
    svg.append(f'<text x="{gx:.1f}" y="{top + rowh * len(rows) + 18}" font-size="12" text-anchor="middle" '
               f'fill="#555">{10.0 ** k:g}</text>')
for i, (label, text, ratio, v3, bartext) in enumerate(rows):
    y = top + i * rowh
    if i % 2 == 0:
        svg.append(f'<rect x="{left}" y="{y}" width="{width - 2 * left}" height="{rowh}" fill="#f5f7fa"/>')
    svg.append(f'<text x="{left + 4}" y="{y + 19}" font-size="13">{esc(label)}</text>')
    colour = "#2e7d32" if ratio <= 1.0 else "#c62828"
    x0 = x(10 ** LO)
    svg.append(f'<rect x="{x0:.1f}" y="{y + 8}" width="{max(x(ratio) - x0, 2):.1f}" height="{rowh - 16}" '
               f'fill="{colour}"/>')
    if v3 is not None:
        vx = x(v3)
        cy = y + rowh / 2
        svg.append(f'<path d="M {vx:.1f} {cy - 7} L {vx + 6:.1f} {cy} L {vx:.1f} {cy + 7} L {vx - 6:.1f} {cy} Z" '
                   f'fill="#1565c0" stroke="white" stroke-width="1"/>')
    svg.append(f'<text x="{left + labelw + axisw + 10}" y="{y + 19}" font-size="12">{esc(text)}</text>')
    svg.append(f'<text x="{left + labelw + axisw + 100}" y="{y + 19}" font-size="12" fill="#666">'
               f'bar: {esc(bartext)}</text>')
one = x(1.0)
svg.append(f'<line x1="{one:.1f}" y1="{top - 8}" x2="{one:.1f}" y2="{top + rowh * len(rows)}" stroke="#c62828" '
           f'stroke-width="2"/>')
svg.append(f'<text x="{left + labelw + axisw / 2:.0f}" y="{top + rowh * len(rows) + 40}" font-size="13" '
           f'text-anchor="middle">figure / threshold (exact results are drawn at 0.001)</text>')
svg.append("</svg>")
out_svg = os.path.join(ROOT, "docs", "fidelity.svg")
with open(out_svg, "w") as f:
    f.write("\n".join(svg) + "\n")
subprocess.run(["rsvg-convert", "-o", os.path.join(ROOT, "docs", "fidelity.png"), out_svg], check=True)
print("wrote docs/fidelity.svg and docs/fidelity.png")
