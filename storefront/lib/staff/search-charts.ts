import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

/**
 * The staff search page's charts as SVG text, drawn on the server by ECharts' string renderer
 * (no DOM, no chart code in the browser). Each is drawn at a fixed size with a viewBox, so CSS
 * scales it to its column; the table beside it carries the same figures for screen readers.
 */
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, SVGRenderer]);

const WIDTH = 640;
/**
 * The room left of the bars for their labels, and the width ECharts cuts a label to: it measures
 * with its own estimate of the font, which browsers' sans-serif fonts can exceed by a fifth.
 */
const LABEL_ROOM = 184;
const LABEL_WIDTH = 148;
const TEXT = '#6d675f';
const LINE = '#e4dfd6';
const COLOURS = ['#9b3b2b', '#2e5fa7'];
const FONT = { color: TEXT, fontFamily: 'system-ui, sans-serif', fontSize: 12 };

function render(height: number, option: Record<string, unknown>): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: WIDTH, height });
  try {
    chart.setOption({ animation: false, color: COLOURS, textStyle: FONT, ...option });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/** Lines over days: ({ days: ['2026-11-01', …], series: [{ name: 'Searches', values: [120, …] }] }) -> '<svg …>'. */
export function linesOverDays({ days, series }: { days: string[]; series: { name: string; values: number[] }[] }): string {
  return render(280, {
    legend: { top: 0, textStyle: FONT },
    grid: { left: 56, right: 16, top: 36, bottom: 32 },
    xAxis: { type: 'category', data: days, axisLine: { lineStyle: { color: LINE } }, axisLabel: FONT },
    yAxis: { type: 'value', splitLine: { lineStyle: { color: LINE } }, axisLabel: FONT },
    series: series.map((s) => ({ type: 'line', name: s.name, data: s.values, showSymbol: days.length <= 31 })),
  });
}

/** Horizontal bars, largest first at the top: ({ labels: ['cat', 'sea'], values: [310, 120] }) -> '<svg …>'. */
export function bars({ labels, values }: { labels: string[]; values: number[] }): string {
  const rows = Math.max(labels.length, 1);
  return render(24 + rows * 26, {
    grid: { left: LABEL_ROOM, right: 24, top: 8, bottom: 16 },
    xAxis: { type: 'value', splitLine: { lineStyle: { color: LINE } }, axisLabel: FONT },
    // ECharts measures each label and cuts it with an ellipsis to fit the space left of the bars.
    yAxis: { type: 'category', inverse: true, data: labels, axisLabel: { ...FONT, width: LABEL_WIDTH, overflow: 'truncate' }, axisLine: { lineStyle: { color: LINE } } },
    series: [{ type: 'bar', data: values, barMaxWidth: 16 }],
  });
}
