import { scaleBand, scaleLinear, scaleUtc } from 'd3-scale';
import { curveStepAfter, line } from 'd3-shape';
import { html, type VNode } from '../html.ts';

/**
 * Charts drawn on the server as SVG (no script: the strict CSP has none to run), with their axes
 * and labels; d3-scale places the marks and d3-shape draws the line, neither needing a DOM. Each
 * chart is an image with a short summary for screen readers, and the page shows its numbers in a
 * table beside it (ChartTable).
 */
const WIDTH = 640;
const HEIGHT = 220;
const MARGIN = { top: 12, right: 12, bottom: 40, left: 44 };
const COLORS = ['#0b57d0', '#8a4b00'] as const;

export interface BarSeries {
  readonly label: string;
  readonly values: readonly number[];
}

const yAxis = (
  y: ReturnType<typeof scaleLinear<number>>,
  ticks: readonly number[],
  format = (v: number) => String(v),
) =>
  ticks.map(
    (tick) => html`<g>
      <line x1=${MARGIN.left} x2=${WIDTH - MARGIN.right} y1=${y(tick)} y2=${y(tick)} stroke="#d0d7de" stroke-width="1" />
      <text x=${MARGIN.left - 6} y=${y(tick)} dy="0.32em" text-anchor="end" font-size="11" fill="#505a66">${format(tick)}</text>
    </g>`,
  );

/** the x labels to write: at most about eight, evenly spaced, always the first and the last */
const labelsShown = (count: number): Set<number> => {
  const step = Math.max(1, Math.ceil(count / 8));
  const shown = new Set<number>([0, count - 1]);
  for (let i = 0; i < count; i += step) shown.add(i);
  return shown;
};

/** grouped bars, one group per label (a day), one bar per series */
export const BarChart = (props: {
  id: string;
  summary: string;
  labels: readonly string[];
  series: readonly BarSeries[];
  /** how an x label is written under its bars */
  short?: (label: string) => string;
}): VNode => {
  const { labels, series } = props;
  const all = series.flatMap((s) => s.values);
  const y = scaleLinear()
    .domain([Math.min(0, ...all), Math.max(1, ...all)])
    .nice(4)
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const x = scaleBand<number>()
    .domain(labels.map((_, i) => i))
    .range([MARGIN.left, WIDTH - MARGIN.right])
    .paddingInner(0.2)
    .paddingOuter(0.1);
  const inner = scaleBand<number>()
    .domain(series.map((_, i) => i))
    .range([0, x.bandwidth()])
    .padding(0.05);
  const shown = labelsShown(labels.length);
  const short = props.short ?? ((label: string) => label);
  return html`<svg id=${props.id} class="chart" viewBox=${`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label=${props.summary} xmlns="http://www.w3.org/2000/svg">
    ${yAxis(y, y.ticks(4).filter(Number.isInteger))}
    <line x1=${MARGIN.left} x2=${WIDTH - MARGIN.right} y1=${y(0)} y2=${y(0)} stroke="#1b1f24" stroke-width="1" />
    ${labels.map(
      (label, i) => html`<g>
        ${series.map((s, j) => {
          const value = s.values[i] ?? 0;
          return html`<rect x=${(x(i) ?? 0) + (inner(j) ?? 0)} y=${Math.min(y(value), y(0))} width=${inner.bandwidth()} height=${Math.abs(y(value) - y(0))} fill=${COLORS[j % COLORS.length]}><title>${`${s.label}, ${label}: ${value}`}</title></rect>`;
        })}
        ${shown.has(i) ? html`<text x=${(x(i) ?? 0) + x.bandwidth() / 2} y=${HEIGHT - MARGIN.bottom + 16} text-anchor="middle" font-size="11" fill="#505a66">${short(label)}</text>` : null}
      </g>`,
    )}
    ${
      series.length > 1
        ? series.map(
            (s, j) => html`<g>
            <rect x=${MARGIN.left + j * 140} y=${HEIGHT - 14} width="10" height="10" fill=${COLORS[j % COLORS.length]} />
            <text x=${MARGIN.left + j * 140 + 14} y=${HEIGHT - 5} font-size="11" fill="#1b1f24">${s.label}</text>
          </g>`,
          )
        : null
    }
  </svg>`;
};

/** a step line of a place on a board (1 at the top) through time; hours off the board leave a gap */
export const RankChart = (props: {
  id: string;
  summary: string;
  points: readonly { hour: string; rank: number | null }[];
  of: number;
}): VNode => {
  const times = props.points.map((p) => Date.parse(p.hour));
  const first = times[0] ?? 0;
  const last = (times.at(-1) ?? first) + 3_600_000;
  const x = scaleUtc()
    .domain([first, last])
    .range([MARGIN.left, WIDTH - MARGIN.right]);
  const y = scaleLinear()
    .domain([1, Math.max(2, props.of)])
    .range([MARGIN.top, HEIGHT - MARGIN.bottom]);
  const path = line<{ hour: string; rank: number | null }>()
    .defined((p) => p.rank !== null)
    .x((p) => x(Date.parse(p.hour)))
    .y((p) => y(p.rank ?? 1))
    .curve(curveStepAfter)([
    ...props.points,
    ...(props.points.length > 0
      ? [{ ...props.points.at(-1), hour: new Date(last).toISOString() } as { hour: string; rank: number | null }]
      : []),
  ]);
  const ranks = y.ticks(Math.min(5, props.of)).filter(Number.isInteger);
  const days = x.ticks(8).filter((day) => day.getTime() < last);
  return html`<svg id=${props.id} class="chart" viewBox=${`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label=${props.summary} xmlns="http://www.w3.org/2000/svg">
    ${yAxis(y, ranks, (rank) => `#${rank}`)}
    ${days.map(
      (day) =>
        html`<text x=${x(day)} y=${HEIGHT - MARGIN.bottom + 16} text-anchor="middle" font-size="11" fill="#505a66">${day.toISOString().slice(5, 10)}</text>`,
    )}
    <path d=${path ?? ''} fill="none" stroke=${COLORS[0]} stroke-width="2" />
  </svg>`;
};
