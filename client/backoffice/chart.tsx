import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { dayText, pesos } from './api';
import { useTheme } from './theme';

export interface DailySeries {
  label: string;
  values: number[];
  /** A colour, or the name of a CSS variable of backoffice.css (`--chart-ggr`): read when drawn, per theme. */
  color: string;
  /** Bars (one per day, from 0: negative days go down) or a line with its points. */
  kind: 'bars' | 'line';
}

const HEIGHT = 220;
/** "11/20/2026" -> "11/20": the axis has no room for the year (the legend shows the whole date). */
const shortDay = (day: string) => dayText(day).slice(0, 5);
/** Axis values in pesos, short: 1,250 -> "1.3K", 2,000,000 -> "2M". */
const shortPesos = (n: number) =>
  Math.abs(n) >= 1e6
    ? `${+(n / 1e6).toFixed(1)}M`
    : Math.abs(n) >= 1e3
      ? `${+(n / 1e3).toFixed(1)}K`
      : `${+n.toFixed(2)}`;

/**
 * A chart of a daily series in pesos, drawn by uPlot (a canvas, ~50 KB, no dependencies). The x axis is
 * the index of the day, so uPlot never converts a time zone: each tick and the legend name the Manila day.
 * The default export, so the dashboard loads it lazily and shows its figures before the chart code.
 */
export default function DailyChart(props: {
  title: string;
  days: string[];
  series: DailySeries[];
  /** What the values are: pesos (the default) or a number of players. */
  unit?: 'pesos' | 'players';
}) {
  const box = useRef<HTMLDivElement>(null);
  const { days, series } = props;
  const players = props.unit === 'players';
  // The canvas does not follow CSS: it is drawn again with the theme's colours when the theme changes.
  const theme = useTheme();
  // biome-ignore lint/correctness/useExhaustiveDependencies: theme is read through the CSS variables
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const style = getComputedStyle(element);
    const colour = (value: string, fallback = value) =>
      value.startsWith('--') ? style.getPropertyValue(value).trim() || fallback : value;
    const axisColour = colour('--chart-axis', '#5b6773');
    const gridColour = colour('--chart-grid', 'rgba(0, 0, 0, 0.08)');
    const axis = {
      stroke: axisColour,
      grid: { stroke: gridColour, width: 1 },
      ticks: { stroke: gridColour, width: 1 },
    };
    const bars = uPlot.paths.bars?.({ size: [0.7, 28], radius: 0.1 });
    const plot = new uPlot(
      {
        width: Math.max(element.clientWidth, 280),
        height: HEIGHT,
        scales: {
          x: { time: false, range: () => [-0.5, days.length - 0.5] },
          y: {
            range: (_u, min, max) => {
              // 0 always in view; a month of zeros still gets a scale of whole pesos
              const low = Math.min(0, min);
              const high = low === 0 && max <= 0 ? (players ? 5 : 100) : Math.max(0, max);
              const pad = (high - low) * 0.1;
              return [low < 0 ? low - pad : 0, high + pad];
            },
          },
        },
        axes: [
          {
            ...axis,
            incrs: [1, 2, 5, 7, 10, 15],
            values: (_u, splits) => splits.map((i) => (Number.isInteger(i) && days[i] ? shortDay(days[i]) : '')),
          },
          {
            ...axis,
            size: 56,
            // players are whole: no tick between two counts
            ...(players ? { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] } : {}),
            values: (_u, splits) => splits.map(shortPesos),
          },
        ],
        series: [
          { label: 'Day', value: (_u, i) => (days[i] ? dayText(days[i]) : '—') },
          ...series.map((s) => ({
            label: s.label,
            stroke: colour(s.color, '#1f6feb'),
            fill: s.kind === 'bars' ? `${colour(s.color, '#1f6feb')}b3` : undefined,
            width: s.kind === 'bars' ? 1 : 2,
            fillTo: 0,
            paths: s.kind === 'bars' ? bars : undefined,
            points: { show: s.kind === 'line', size: 5 },
            value: (_u: uPlot, v: number | null) => (v === null ? '—' : players ? String(v) : `₱ ${pesos(v)}`),
          })),
        ],
      },
      [days.map((_, i) => i), ...series.map((s) => s.values)],
      element,
    );
    const observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => plot.setSize({ width: Math.max(element.clientWidth, 280), height: HEIGHT }));
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      plot.destroy();
    };
  }, [days, series, players, theme]);
  return (
    <figure className="chart">
      <figcaption>{props.title}</figcaption>
      <div ref={box} role="img" aria-label={`${props.title}, ${days.length} days`} />
    </figure>
  );
}
