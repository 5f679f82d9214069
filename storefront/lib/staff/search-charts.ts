import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

/**
 * The staff search page's charts as HTML text, drawn on the server by ECharts' string renderer
 * (no DOM, no chart code in the browser). Each is drawn twice, as SVG with a viewBox: for a
 * column of a wide screen and for a phone's width, so that its text stays legible where CSS
 * scales it to the column; the stylesheet shows the one that fits (search-report.css). The table
 * beside it carries the same figures for screen readers.
 */
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, SVGRenderer]);

/**
 * The sizes, with the room left of the bars for their labels and the width ECharts cuts a label
 * to: it measures with its own estimate of the font, which browsers' sans-serif fonts can exceed
 * by a fifth.
 */
const SIZES = [
  { name: 'wide', width: 640, labelRoom: 184, labelWidth: 148 },
  { name: 'narrow', width: 300, labelRoom: 120, labelWidth: 96 },
] as const;
type Size = (typeof SIZES)[number];
const TEXT = '#6d675f';
const LINE = '#e4dfd6';
const COLOURS = ['#9b3b2b', '#2e5fa7'];
const FONT = { color: TEXT, fontFamily: 'system-ui, sans-serif', fontSize: 12 };

function render(height: number, option: (size: Size) => Record<string, unknown>): string {
  return SIZES.map((size) => {
    const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: size.width, height });
    try {
      chart.setOption({ animation: false, color: COLOURS, textStyle: FONT, ...option(size) });
      return `<div class="search-chart search-chart--${size.name}">${chart.renderToSVGString()}</div>`;
    } finally {
      chart.dispose();
    }
  }).join('');
}

/** Lines over days: ({ days: ['2026-11-01', …], series: [{ name: 'Searches', values: [120, …] }] }) -> '<div …><svg …>…'. */
export function linesOverDays({ days, series }: { days: string[]; series: { name: string; values: number[] }[] }): string {
  return render(280, () => ({
    legend: { top: 0, textStyle: FONT },
    grid: { left: 56, right: 16, top: 36, bottom: 32 },
    xAxis: { type: 'category', data: days, axisLine: { lineStyle: { color: LINE } }, axisLabel: FONT },
    yAxis: { type: 'value', splitLine: { lineStyle: { color: LINE } }, axisLabel: FONT },
    series: series.map((s) => ({ type: 'line', name: s.name, data: s.values, showSymbol: days.length <= 31 })),
  }));
}

/** Horizontal bars, largest first at the top: ({ labels: ['cat', 'sea'], values: [310, 120] }) -> '<div …><svg …>…'. */
export function bars({ labels, values }: { labels: string[]; values: number[] }): string {
  const rows = Math.max(labels.length, 1);
  return render(24 + rows * 26, ({ labelRoom, labelWidth }) => ({
    grid: { left: labelRoom, right: 24, top: 8, bottom: 16 },
    xAxis: { type: 'value', splitLine: { lineStyle: { color: LINE } }, axisLabel: FONT },
    // ECharts measures each label and cuts it with an ellipsis to fit the space left of the bars.
    yAxis: { type: 'category', inverse: true, data: labels, axisLabel: { ...FONT, width: labelWidth, overflow: 'truncate' }, axisLine: { lineStyle: { color: LINE } } },
    series: [{ type: 'bar', data: values, barMaxWidth: 16 }],
  }));
}
