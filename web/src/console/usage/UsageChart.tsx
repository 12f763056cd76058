// The chart: credits used per day, one line per SKU/model. uPlot draws on a canvas, so this module
// (and uPlot with its stylesheet) is imported only when the chart is shown; the table next to it
// carries the same numbers for anyone who cannot see the canvas.
import { useEffect, useRef, type JSX } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { chartColumns, type UsageAggregate } from './aggregate.ts';
import { formatCredits } from './format.ts';

// Distinguishable on white and for the common colour-vision deficiencies (Okabe–Ito, darkened for contrast).
const COLOURS = ['#0a58c2', '#b35900', '#00795c', '#a3195b', '#5b4fc9', '#6b6b00', '#0b6e99', '#8a3b12'];
const HEIGHT = 260;

export function UsageChart(props: { aggregate: UsageAggregate }): JSX.Element {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const aggregate = props.aggregate;
    const plot = new uPlot(
      {
        width: Math.max(element.clientWidth, 320),
        height: HEIGHT,
        // The days are UTC days: label them in UTC whatever the browser's zone.
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.1] } },
        axes: [
          {
            stroke: '#3a3a3c',
            values: (_u, ticks) => ticks.map((seconds) => new Date(seconds * 1000).toISOString().slice(5, 10)),
          },
          { stroke: '#3a3a3c', values: (_u, ticks) => ticks.map((tick) => formatCredits(tick)), size: 56 },
        ],
        legend: { show: true },
        series: [
          {
            label: 'Day',
            value: (_u, seconds) => (seconds == null ? '—' : new Date(seconds * 1000).toISOString().slice(0, 10)),
          },
          ...aggregate.series.map((line, i) => ({
            label: line.key,
            stroke: COLOURS[i % COLOURS.length],
            width: 2,
            points: { show: true, size: 6 },
            value: (_u: uPlot, credits: number | null) => (credits == null ? '—' : `${formatCredits(credits)} credits`),
          })),
        ],
      },
      chartColumns(aggregate) as uPlot.AlignedData,
      element,
    );
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(element.clientWidth, 320), height: HEIGHT }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [props.aggregate]);

  return (
    <div
      ref={host}
      className="usage-chart"
      data-testid="usage-chart"
      role="img"
      aria-label="Credits used per day by SKU and model; the table below lists the same numbers."
    />
  );
}
