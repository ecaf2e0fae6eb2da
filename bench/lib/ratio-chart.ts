// The bench's chart: each scenario's ratio to its baseline (mean of the rounds) as a bar, with
// its goal as a tick. Plain SVG, readable in a browser or on the repository page.

/** One round's row; baselines (ratio 1 against themselves) are left out. */
export type ChartRow = { name: string; ratio: number; goal?: number; isBaseline?: boolean };

const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function ratioChart(rows: ChartRow[], title: string): string {
  const byName = new Map<string, { name: string; ratios: number[]; goal?: number }>();
  for (const row of rows.filter((r) => !r.isBaseline)) {
    const entry = byName.get(row.name) ?? { name: row.name, ratios: [], goal: row.goal };
    entry.ratios.push(row.ratio);
    byName.set(row.name, entry);
  }
  const bars = [...byName.values()].map((e) => ({
    ...e,
    ratio: e.ratios.reduce((a, b) => a + b, 0) / e.ratios.length,
  }));
  const max = Math.max(1, ...bars.map((b) => Math.max(b.ratio, b.goal ?? 0)));
  // Wide enough for the longest name (~6.5 px a character at 12 px): `npm run bench` names carry
  // their engine and baseline too.
  const label = Math.max(330, 16 + Math.ceil(6.5 * Math.max(0, ...bars.map((b) => b.name.length))));
  const [width, row, top] = [420, 26, 40];
  const x = (ratio: number) => label + (ratio / max) * width;
  const height = top + bars.length * row + 30;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${label + width + 80}" height="${height}" font-family="sans-serif" font-size="12">`,
    `<text x="8" y="20" font-size="14" font-weight="bold">${escape(title)}</text>`,
    `<line x1="${x(1)}" y1="${top - 6}" x2="${x(1)}" y2="${height - 24}" stroke="#999" stroke-dasharray="3 3"/>`,
    `<text x="${x(1)}" y="${height - 10}" text-anchor="middle" fill="#555">1.0 = baseline</text>`,
    `<text x="${label + width + 70}" y="20" text-anchor="end" fill="#555">black tick: goal; red: below it</text>`,
  ];
  bars.forEach((bar, i) => {
    const y = top + i * row;
    const held = bar.goal === undefined || bar.ratio >= bar.goal;
    parts.push(`<text x="${label - 8}" y="${y + 14}" text-anchor="end">${escape(bar.name)}</text>`);
    parts.push(
      `<rect x="${label}" y="${y + 3}" width="${Math.max(1, x(bar.ratio) - label)}" height="16" fill="${held ? '#3a7d44' : '#b5462f'}"/>`,
    );
    parts.push(
      `<text x="${Math.max(x(bar.ratio), x(bar.goal ?? 0)) + 6}" y="${y + 15}">${bar.ratio.toFixed(2)}</text>`,
    );
    if (bar.goal !== undefined)
      parts.push(
        `<line x1="${x(bar.goal)}" y1="${y}" x2="${x(bar.goal)}" y2="${y + 22}" stroke="#000" stroke-width="2"/>`,
      );
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
