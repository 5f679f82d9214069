import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { screenshotPath, useChromium } from '../storefront/test/browser/chromium';
import { buildBenchReport, type ReportInput } from './bench-report';

/** Two runs at 100,000 works and each size's kept figures, shaped as `npm run bench` writes them. */
const fixture = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'bench-report.json'), 'utf8')) as Required<ReportInput>;

const browser = useChromium();
/** The reports opened, each written here, removed after the file. */
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'easel-bench-report-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** Opens the report in Chromium from a file, as a person would: the page, and every console error and page error. */
async function open(html: string, width = 1280) {
  const file = path.join(fs.mkdtempSync(path.join(folder, 'report-')), 'report.html');
  fs.writeFileSync(file, html);
  const page = await browser().newPage({ viewport: { width, height: 900 } });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // Nothing may be fetched: the page is self-contained.
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(pathToFileURL(file).href);
  return { page, errors, requests: () => requests.filter((url) => url !== pathToFileURL(file).href) };
}

describe('the bench report', () => {
  it('opens with no console errors, draws every chart as SVG, and shows the previous run beside this one', async () => {
    const { page, errors, requests } = await open(buildBenchReport(fixture));
    await page.screenshot({ path: screenshotPath('bench-report'), fullPage: true });

    // Eight figures across sizes, then latency, ladder, processor time and the pages under load for the one size measured.
    const charts = page.locator('figure .chart svg');
    expect(await charts.count()).toBe(8 + 4);
    const captions = await page.locator('figcaption').allTextContents();
    expect(captions).toEqual(expect.arrayContaining(['Latency against offered load', 'Capacity ladder', 'Processor time per answer, flat out', 'Full re-index while serving (s)']));
    for (const svg of await charts.all()) expect(await svg.locator('path').count()).toBeGreaterThan(0);

    // Every series is drawn: raw, the service, the pages and the previous run each have a legend entry.
    const latency = page.locator('figure', { hasText: 'Latency against offered load' }).locator('svg');
    for (const series of ['raw p50', 'service p95', 'pages p95, one at a time', 'previous run: service p95']) await expect.poll(() => latency.textContent()).toContain(series);
    expect(await latency.textContent()).toContain('/shop/');
    // The pages under load beside the search service, at the same connections.
    const load = page.locator('figure', { hasText: 'Answers a second at 8 connections' }).locator('svg');
    for (const bar of ['search service', '/shop/ pages', '/shop/,', 'each rendered', 'one address', 'product pages', 'homepage', '383.5', '55.8', '241']) expect(await load.textContent()).toContain(bar);

    // The table against the targets: this run's value, then the previous run's, under a heading saying when.
    const previousHeading = page.locator('th.previous');
    expect(await previousHeading.textContent()).toBe('Previous run (2026-11-28 11:40 UTC)');
    const reindex = page.locator('tr', { has: page.locator('th', { hasText: 'full re-index' }) });
    expect(await reindex.locator('td').allTextContents()).toEqual(['11.4 s', '14.2 s', '≤ 20.0 s', 'yes']);

    // The sizes this run did not measure come from their newest earlier run, and say so.
    expect(await page.locator('.growth').locator('..').textContent()).toContain('10,000 works from 2026-11-28 11:18 UTC; 1,000,000 works from 2026-11-28 11:40 UTC');
    expect(errors).toEqual([]);
    expect(requests()).toEqual([]);
  });

  it('fits a 320 px phone: the page never scrolls sideways, and the table against the targets stays within it', async () => {
    const { page, errors } = await open(buildBenchReport(fixture), 320);
    await page.screenshot({ path: screenshotPath('bench-report-phone'), fullPage: true });
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(320);
    for (const chart of await page.locator('figure .chart svg').all()) expect((await chart.boundingBox())!.width).toBeLessThanOrEqual(320);
    const table = page.getByRole('region', { name: 'Against the targets, 100,000 works' });
    const box = (await table.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    expect(errors).toEqual([]);
  });

  it('says when there is no previous run, and leaves its column empty', async () => {
    const { page, errors } = await open(buildBenchReport({ latest: fixture.latest }));
    expect(await page.locator('body > p').first().textContent()).toContain('No previous run to compare with.');
    expect(await page.locator('th.previous').textContent()).toBe('Previous run');
    expect(new Set(await page.locator('td.previous').allTextContents())).toEqual(new Set(['—']));
    expect(await page.locator('figure .chart svg').count()).toBe(8 + 4);
    expect(errors).toEqual([]);
  });
});
