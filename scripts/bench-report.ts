import fs from 'node:fs';
import path from 'node:path';
import { BarChart, LineChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { BenchRun, KeptSize, PageLoadKind, SizeResult } from './bench-figures';

/**
 * `npm run bench`'s report: var/bench/report.html, one page with no scripts and nothing to fetch,
 * its charts drawn here as SVG by ECharts' string renderer (as the staff search page draws its
 * own), each figure beside the previous run's:
 * - latency against offered load: raw Meilisearch and the uncached service at the fixed rate,
 *   up the capacity ladder and at twice raw's rate; the pages at the rate they were served one
 *   at a time;
 * - the capacity ladder: searches answered within the budget against the rate offered;
 * - processor time per answer, flat out, split between the engine and the process in front;
 * - how the figures grow across catalogue sizes, from this run and each size's newest kept run;
 * - each size's table against the targets, with the previous run's value beside each.
 */
echarts.use([BarChart, LineChart, ScatterChart, GridComponent, LegendComponent, SVGRenderer]);

const TEXT = '#4a463f';
const LINE = '#e4dfd6';
const RAW = '#2e5fa7';
const SERVICE = '#9b3b2b';
const PAGES = '#3d7a4a';
const PREVIOUS = '#a39d93';
const FONT = { color: TEXT, fontFamily: 'system-ui, sans-serif', fontSize: 12 };
/** Where a chart's plot starts when its legend, beside the previous run's series, takes two lines. */
const LEGEND_TWO_LINES = 84;

function chart(width: number, height: number, option: Record<string, unknown>): string {
  const instance = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    instance.setOption({ animation: false, textStyle: FONT, legend: { top: 0, left: 0, width: '88%', itemGap: 24, textStyle: FONT }, ...option });
    return instance.renderToSVGString();
  } finally {
    instance.dispose();
  }
}

const axis = (name: string, extra: Record<string, unknown> = {}) => ({
  name, nameLocation: 'middle', nameGap: 32, nameTextStyle: FONT, axisLabel: FONT,
  axisLine: { lineStyle: { color: LINE } }, splitLine: { lineStyle: { color: LINE } }, ...extra,
});

type Point = [number, number];
const line = (name: string, color: string, data: Point[], dashed = false) => ({
  type: 'line', name, data: data.filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y) && y > 0).sort((a, b) => a[0] - b[0]),
  color, symbolSize: 6, lineStyle: { color, width: dashed ? 1.5 : 2, type: dashed ? 'dashed' : 'solid' }, itemStyle: { color },
});

const works = (n: number) => `${n.toLocaleString('en-GB')} works`;
const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function phase(size: SizeResult, target: string, name: string) {
  return size.search.results.find((r) => r.target === target && r.phase === name);
}

/** A target's latency (p50 or p95) at each rate it was offered: the fixed rate, each ladder step, and for the service twice raw's rate. */
function latencyCurve(size: SizeResult, fixedRate: number, target: 'raw' | 'service-uncached', at: 'p50' | 'p95'): Point[] {
  const fixed = phase(size, target, 'fixed');
  const steps = size.search.capacity.find((c) => c.target === target)?.steps ?? [];
  const overload = target === 'service-uncached' ? size.search.overload : undefined;
  return [
    ...(fixed ? [[fixedRate, fixed[at]] as Point] : []),
    ...steps.flatMap((s): Point[] => (s[at] === undefined ? [] : [[s.offered_rps, s[at]]])),
    ...(overload ? [[overload.offered_rps, overload.admitted[at]] as Point] : []),
  ];
}

const PAGE_NAMES: Record<string, string> = { gallery: '/shop/', searches: 'gallery searches', home: '/', product: 'product', artist: 'artist' };
const LOAD_NAMES: Record<PageLoadKind, string> = { search_service: 'search service', gallery: '/shop/ pages', gallery_rendered: '/shop/, each rendered', gallery_one_address: '/shop/, one address', product: 'product pages', home: 'homepage' };

function latencyChart(size: SizeResult, previous: SizeResult | undefined, fixedRate: number, previousRate: number): string {
  const pages = Object.entries(size.pages).filter(([, p]) => p.rps !== undefined);
  return chart(720, 408, {
    grid: { left: 64, right: 24, top: LEGEND_TWO_LINES, bottom: 48 },
    xAxis: axis('offered, requests/s', { type: 'value' }),
    yAxis: axis('latency, ms (log)', { type: 'log', nameGap: 44 }),
    series: [
      line('raw p50', RAW, latencyCurve(size, fixedRate, 'raw', 'p50')),
      line('raw p95', RAW, latencyCurve(size, fixedRate, 'raw', 'p95'), true),
      line('service p50', SERVICE, latencyCurve(size, fixedRate, 'service-uncached', 'p50')),
      line('service p95', SERVICE, latencyCurve(size, fixedRate, 'service-uncached', 'p95'), true),
      ...(previous ? [line('previous run: service p95', PREVIOUS, latencyCurve(previous, previousRate, 'service-uncached', 'p95'), true)] : []),
      {
        type: 'scatter', name: 'pages p95, one at a time', color: PAGES, symbolSize: 9, itemStyle: { color: PAGES },
        data: pages.map(([kind, p]) => ({ value: [p.rps, p.ttfbMs.p95], name: PAGE_NAMES[kind] ?? kind })),
        label: { show: true, position: 'right', formatter: '{b}', ...FONT },
      },
    ],
  });
}

function ladderChart(size: SizeResult, previous: SizeResult | undefined): string {
  const steps = (s: SizeResult | undefined, target: string): Point[] => (s?.search.capacity.find((c) => c.target === target)?.steps ?? []).map((x) => [x.offered_rps, x.within_budget_rps]);
  const offered = steps(size, 'raw').map(([x]): Point => [x, x]);
  return chart(720, 368, {
    grid: { left: 64, right: 24, top: LEGEND_TWO_LINES, bottom: 48 },
    xAxis: axis('offered, searches/s', { type: 'value', scale: true }),
    yAxis: axis('answered within 1 s, searches/s', { type: 'value', nameGap: 44 }),
    series: [
      line('offered', PREVIOUS, offered, true),
      line('raw Meilisearch', RAW, steps(size, 'raw')),
      line('service, uncached', SERVICE, steps(size, 'service-uncached')),
      ...(previous ? [line('previous run: raw', PREVIOUS, steps(previous, 'raw')), line('previous run: service', '#6f6a62', steps(previous, 'service-uncached'))] : []),
    ],
  });
}

/** Flat out: the engine's processor time per answer, and the process's in front of it, stacked; the previous run's beside. */
function cpuChart(size: SizeResult, previous: SizeResult | undefined): string {
  const targets = [['raw', 'raw Meilisearch'], ['service-uncached', 'service, uncached'], ['pass-through', 'pass-through proxy']] as const;
  const part = (s: SizeResult | undefined, part: 'engine' | 'service') => targets.map(([t]) => (s ? phase(s, t, 'max')?.cpu_ms_per_answer?.[part] ?? 0 : 0));
  const bar = (name: string, stack: string, color: string, data: number[]) => ({ type: 'bar', name, stack, data: data.map((v) => Math.round(v * 100) / 100), color, itemStyle: { color }, barMaxWidth: 28 });
  return chart(720, 300, {
    grid: { left: 64, right: 24, top: 56, bottom: 32 },
    xAxis: axis('', { type: 'category', data: targets.map(([, label]) => label), splitLine: { show: false } }),
    yAxis: axis('ms of processor per answer', { type: 'value', nameGap: 44 }),
    series: [
      bar('engine', 'this', RAW, part(size, 'engine')),
      bar('service or proxy', 'this', SERVICE, part(size, 'service')),
      ...(previous ? [bar('previous run: engine', 'previous', PREVIOUS, part(previous, 'engine')), bar('previous run: service or proxy', 'previous', '#6f6a62', part(previous, 'service'))] : []),
    ],
  });
}

/** Answers a second at the same connections, closed loop: the search service, then the pages on the same searches. */
function loadChart(size: SizeResult, previous: SizeResult | undefined): string {
  // The kinds either run measured: runs before a kind was added have none of it.
  const kinds = (Object.keys(LOAD_NAMES) as PageLoadKind[]).filter((kind) => size.page_load?.[kind] ?? previous?.page_load?.[kind]);
  const rps = (s: SizeResult | undefined) => kinds.map((kind) => s?.page_load?.[kind]?.rps ?? 0);
  const bar = (name: string, color: string, data: number[]) => ({ type: 'bar', name, data, color, itemStyle: { color }, barMaxWidth: 28, label: { show: true, position: 'top', ...FONT } });
  return chart(720, 300, {
    grid: { left: 64, right: 24, top: 56, bottom: 48 },
    // Every kind named, on two lines where it is long.
    xAxis: axis('', { type: 'category', data: kinds.map((kind) => LOAD_NAMES[kind].replace(', ', ',\n')), splitLine: { show: false }, axisLabel: { ...FONT, interval: 0 } }),
    yAxis: axis('answers/s', { type: 'value', nameGap: 44 }),
    series: [bar('this run', SERVICE, rps(size)), ...(previous?.page_load ? [bar('previous run', PREVIOUS, rps(previous))] : [])],
  });
}

/** The figures drawn across catalogue sizes, each from a size's result. */
const GROWTH: { title: string; unit: string; series: { name: string; color: string; value: (s: SizeResult) => number | undefined }[] }[] = [
  { title: 'Full re-index while serving', unit: 's', series: [{ name: 're-index', color: SERVICE, value: (s) => s.reindex_s }] },
  { title: 'Index on disk', unit: 'MiB', series: [{ name: 'Meilisearch, in use', color: RAW, value: (s) => s.disk_mib.index_used }, { name: 'SQLite', color: SERVICE, value: (s) => s.disk_mib.sqlite }] },
  {
    title: 'search p95 at the fixed rate', unit: 'ms', series: [
      { name: 'raw', color: RAW, value: (s) => phase(s, 'raw', 'fixed')?.endpoints?.search?.p95 },
      { name: 'service, uncached', color: SERVICE, value: (s) => phase(s, 'service-uncached', 'fixed')?.endpoints?.search?.p95 },
    ],
  },
  {
    title: 'Flat out', unit: 'answers/s', series: [
      { name: 'raw', color: RAW, value: (s) => phase(s, 'raw', 'max')?.rps },
      { name: 'service, uncached', color: SERVICE, value: (s) => phase(s, 'service-uncached', 'max')?.rps },
    ],
  },
  {
    title: 'Processor time per answer, flat out', unit: 'ms', series: [
      { name: 'raw (engine)', color: RAW, value: (s) => phase(s, 'raw', 'max')?.cpu_ms_per_answer?.engine },
      { name: 'service (engine + service)', color: SERVICE, value: (s) => { const c = phase(s, 'service-uncached', 'max')?.cpu_ms_per_answer; return c?.engine === undefined ? undefined : c.engine + (c.service ?? 0); } },
    ],
  },
  {
    title: 'Pages, first byte p95', unit: 'ms', series: [
      { name: '/shop/', color: PAGES, value: (s) => s.pages.gallery?.ttfbMs.p95 },
      { name: 'product', color: RAW, value: (s) => s.pages.product?.ttfbMs.p95 },
    ],
  },
  { title: 'Edit to searchable p95', unit: 'ms', series: [{ name: 'edit', color: SERVICE, value: (s) => s.edits.p95_ms }] },
  {
    title: 'Peak memory', unit: 'MiB', series: [
      { name: 'Meilisearch', color: RAW, value: (s) => s.peak_memory_mib.Meilisearch },
      { name: 'search service', color: SERVICE, value: (s) => s.peak_memory_mib['search service'] },
      { name: 'storefront', color: PAGES, value: (s) => Object.entries(s.peak_memory_mib).find(([k]) => k.startsWith('storefront'))?.[1] },
    ],
  },
];

function growthChart(figure: (typeof GROWTH)[number], sizes: SizeResult[], previous: SizeResult[]): string {
  const labels = sizes.map((s) => s.artworks.toLocaleString('en-GB'));
  const values = (from: SizeResult[], value: (s: SizeResult) => number | undefined) => sizes.map((s) => {
    const v = from.find((x) => x.artworks === s.artworks);
    return v === undefined ? null : (value(v) ?? null);
  });
  return chart(350, 240, {
    legend: { top: 0, left: 0, width: '88%', textStyle: { ...FONT, fontSize: 11 }, itemWidth: 14, itemGap: 24 },
    grid: { left: 56, right: 16, top: 64, bottom: 40 },
    xAxis: axis('works', { type: 'category', data: labels, splitLine: { show: false } }),
    yAxis: axis(figure.unit, { type: 'value', nameGap: 40 }),
    series: [
      ...figure.series.map((s) => ({ type: 'line', name: s.name, data: values(sizes, s.value), color: s.color, lineStyle: { color: s.color }, itemStyle: { color: s.color } })),
      ...(previous.length === 0 ? [] : figure.series.map((s) => ({
        // One legend entry for all of them: ECharts merges series of one name.
        type: 'line', name: 'previous run', data: values(previous, s.value), color: PREVIOUS, lineStyle: { color: PREVIOUS, type: 'dashed' }, itemStyle: { color: PREVIOUS },
      }))),
    ],
  });
}

function budgetTable(size: SizeResult, previous: SizeResult | undefined, previousAt: string | undefined): string {
  const before = new Map((previous?.table ?? []).map((row) => [row.measure, row.value]));
  const rows = size.table.map((row) => `<tr class="${row.met === 'NO' ? 'missed' : ''}"><th scope="row">${escape(row.measure)}</th><td>${escape(row.value)}</td>`
    + `<td class="previous">${escape(before.get(row.measure) ?? '—')}</td><td>${escape(row.target)}</td><td>${row.met === 'NO' ? 'missed' : escape(row.met)}</td></tr>`).join('\n');
  return `<div class="table-scroll" tabindex="0" role="region" aria-label="Against the targets, ${works(size.artworks)}"><table><thead><tr><th scope="col">Measure</th><th scope="col">This run</th><th scope="col" class="previous">Previous run${previousAt ? ` (${escape(when(previousAt))})` : ''}</th>`
    + `<th scope="col">Target</th><th scope="col">Met</th></tr></thead><tbody>\n${rows}\n</tbody></table></div>`;
}

const figure = (title: string, svg: string, note = '') => `<figure><figcaption>${escape(title)}</figcaption><div class="chart" aria-hidden="true">${svg}</div>${note ? `<p class="note">${escape(note)}</p>` : ''}</figure>`;

export interface ReportInput {
  latest: BenchRun;
  previous?: BenchRun | undefined;
  /** Each size's newest figures from earlier runs, for the growth across sizes this run did not measure. */
  kept?: KeptSize[];
}

/** The report as one HTML page: see the top of this file. */
export function buildBenchReport({ latest, previous, kept = [] }: ReportInput): string {
  const previousOf = (s: SizeResult) => previous?.runs.find((r) => r.artworks === s.artworks);
  const sizes = [...latest.runs, ...kept.filter((k) => !latest.runs.some((r) => r.artworks === k.artworks))].sort((a, b) => a.artworks - b.artworks);
  const fromEarlier = sizes.filter((s): s is KeptSize => !latest.runs.includes(s)).map((s) => `${works(s.artworks)} from ${when(s.measured_at)}`);
  const sections = latest.runs.map((size) => {
    const before = previousOf(size);
    return `<section><h2>${works(size.artworks)} <span class="sub">(${size.documents.toLocaleString('en-GB')} for sale)</span></h2>
${figure('Latency against offered load', latencyChart(size, before, latest.options.rate, previous?.options.rate ?? latest.options.rate),
    `Searches: the fixed rate, each step of the capacity ladder and, for the service, twice raw's flat-out rate; latencies of the answers given. Pages: one request at a time, at the rate they were served.`)}
${figure('Capacity ladder', ladderChart(size, before), 'Each step offers a fixed rate for 5 s; answered counts the searches answered 2xx within the 1 s budget before the step ended.')}
${figure('Processor time per answer, flat out', cpuChart(size, before))}
${size.page_load ? figure(`Answers a second at ${size.page_load.connections} connections`, loadChart(size, before),
    `Closed loop, ${size.page_load.seconds} s each: the search service, then the same long tail of searches as /shop/ pages (as visitors are served them, and each rendered afresh), /shop/ alone as a spike of visitors opens it, then product pages and the homepage.`) : ''}
<h3>Against the targets</h3>
${budgetTable(size, before, previous?.measured_at)}
</section>`;
  }).join('\n');
  const m = latest.machine;
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Easel bench, ${escape(when(latest.measured_at))}</title>
<style>
body { margin: 0 auto; max-width: 1120px; padding: 24px; font: 15px/1.5 system-ui, sans-serif; color: ${TEXT}; background: #fbfaf7; }
h1 { font-weight: 500; margin: 0 0 4px; } h2 { font-weight: 500; margin-top: 40px; border-top: 1px solid ${LINE}; padding-top: 24px; } .sub { font-size: 15px; color: #7a746b; }
figure { margin: 24px 0; } figcaption { font-weight: 600; margin-bottom: 8px; } .chart svg { max-width: 100%; height: auto; } .note { font-size: 13px; color: #7a746b; margin: 4px 0 0; }
.growth { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(340px, 100%), 1fr)); gap: 8px 24px; } .growth figure { margin: 8px 0; }
.table-scroll { overflow-x: auto; } table { border-collapse: collapse; width: 100%; font-size: 13px; } th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid ${LINE}; vertical-align: top; }
td.previous, th.previous { color: #7a746b; } tr.missed td { color: #9b3b2b; font-weight: 600; }
</style>
</head>
<body>
<h1>Easel bench</h1>
<p>${escape(when(latest.measured_at))}: ${m.cpus} cores${m.cpu_model ? ` (${escape(m.cpu_model)})` : ''}, ${m.memory_gib} GiB, Node ${escape(m.node)}, ${escape(m.os)}; ${latest.options.durationS} s a phase, the fixed rate ${latest.options.rate} requests/s.
${previous ? `Beside it, grey or dashed, the previous run: ${escape(when(previous.measured_at))}.` : 'No previous run to compare with.'}</p>
<section><h2>How the figures grow with the catalogue</h2>
${fromEarlier.length ? `<p class="note">Sizes this run did not measure are drawn from their newest earlier run: ${escape(fromEarlier.join('; '))}.</p>` : ''}
<div class="growth">
${GROWTH.map((g) => figure(`${g.title} (${g.unit})`, growthChart(g, sizes, previous?.runs ?? []))).join('\n')}
</div></section>
${sections}
</body>
</html>
`;
}

/** Reads latest.json, previous.json and each size's figures.json in `benchDir`, writes report.html there, and returns its path. */
export function writeBenchReport(benchDir: string): string {
  const read = <T>(file: string): T | undefined => (fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as T) : undefined);
  const latest = read<BenchRun>(path.join(benchDir, 'latest.json'));
  if (!latest) throw new Error(`${benchDir} holds no latest.json: run npm run bench first.`);
  const kept = fs.readdirSync(benchDir).filter((d) => /^\d+$/.test(d)).flatMap((d) => read<KeptSize>(path.join(benchDir, d, 'figures.json')) ?? []);
  const out = path.join(benchDir, 'report.html');
  fs.writeFileSync(out, buildBenchReport({ latest, previous: read<BenchRun>(path.join(benchDir, 'previous.json')), kept }));
  return out;
}
