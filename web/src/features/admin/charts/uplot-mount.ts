import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { shortDay } from '../admin-format';

export interface ChartSeries {
  label: string;
  values: number[];
  color: string;
  kind: 'bars' | 'line';
  /** Series on the 'right' scale get their own axis on the right (different magnitudes). */
  axis?: 'left' | 'right';
}

export interface ChartInput {
  /** x values: seconds since 1970 (midnight UTC of each day). */
  xs: number[];
  series: ChartSeries[];
  /** The canvas's accessible name: a summary of what the chart shows. */
  summary: string;
  height: number;
}

const AXIS_STROKE = '#4a5568';
const GRID = { stroke: '#e2e8f0', width: 1 };
const TICKS = { stroke: '#cbd5e1', width: 1 };
const FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';

const HALF_DAY = 12 * 3600;

/** Counts are whole numbers: only whole-number steps on the y axes. */
const INTEGER_STEPS = [
  1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1_000, 2_000, 2_500, 5_000, 10_000, 20_000, 25_000, 50_000,
  100_000, 200_000, 250_000, 500_000, 1_000_000,
];

const integerTicks = (_u: uPlot, splits: number[]) =>
  splits.map((value) => (Number.isInteger(value) ? new Intl.NumberFormat('sv-SE').format(value) : ''));

function options(xs: number[], series: ChartSeries[], width: number, height: number): uPlot.Options {
  const bars = uPlot.paths.bars?.({ size: [0.6, 28] });
  const hasRight = series.some((s) => s.axis === 'right');
  return {
    width,
    height,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    // Days are midnight UTC; show them in UTC so no time zone shifts a bar to the day before.
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    scales: {
      // Half a day of room on each side, so the first and last bars are not cut in half.
      x: { time: true, range: (_u, min, max) => [min - HALF_DAY, max + HALF_DAY] },
      left: { range: (_u, _min, max) => [0, Math.max(1, max)] },
      right: { range: (_u, _min, max) => [0, Math.max(1, max)] },
    },
    series: [
      {},
      ...series.map<uPlot.Series>((s) => ({
        label: s.label,
        scale: s.axis === 'right' ? 'right' : 'left',
        stroke: s.color,
        width: 2,
        fill: s.kind === 'bars' ? `${s.color}cc` : undefined,
        paths: s.kind === 'bars' ? bars : undefined,
        points: { show: s.kind === 'line' && xs.length <= 1 },
      })),
    ],
    axes: [
      {
        stroke: AXIS_STROKE,
        font: FONT,
        grid: { show: false },
        ticks: TICKS,
        values: (_u, splits) => splits.map((seconds) => shortDay(seconds)),
      },
      {
        scale: 'left',
        stroke: AXIS_STROKE,
        font: FONT,
        grid: GRID,
        ticks: TICKS,
        values: integerTicks,
        incrs: INTEGER_STEPS,
        size: 56,
      },
      ...(hasRight
        ? [
            {
              scale: 'right',
              side: 1 as const,
              stroke: AXIS_STROKE,
              font: FONT,
              grid: { show: false },
              ticks: TICKS,
              values: integerTicks,
              incrs: INTEGER_STEPS,
              size: 48,
            },
          ]
        : []),
    ],
  };
}

/**
 * Draws a uPlot chart into `container`, following its width; the canvas is an image named by
 * `summary`. Returns the clean-up. (No React here: this module and uPlot are one lazy chunk.)
 */
export function mountChart(container: HTMLElement, { xs, series, summary, height }: ChartInput): () => void {
  const width = (): number => Math.max(240, Math.floor(container.clientWidth));
  const chart = new uPlot(
    options(xs, series, width(), height),
    [xs, ...series.map((s) => s.values)],
    container,
  );
  const canvas = chart.ctx.canvas;
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', summary);

  const observer = new ResizeObserver(() => {
    if (width() !== chart.width) chart.setSize({ width: width(), height });
  });
  observer.observe(container);
  return () => {
    observer.disconnect();
    chart.destroy();
  };
}
