import { describe, expect, it } from 'vitest';
import { describeSteps, sumIndexingSteps, traceMs } from './indexing-steps';

describe('traceMs', () => {
  it.each([
    ['1.5s', 1500],
    ['230.1ms', 230.1],
    ['12µs', 0.012],
    ['800ns', 0.0008],
    ['soon', 0],
  ])('%s -> %s ms', (text, ms) => {
    expect(traceMs(text)).toBeCloseTo(ms, 6);
  });
});

describe('sumIndexingSteps', () => {
  it('adds up each step under indexing across batches, largest first, leaving out deeper and other steps', () => {
    const batch = (trace: Record<string, string>) => ({ stats: { totalNbTasks: 1, status: {}, types: {}, indexUids: {}, progressTrace: trace } }) as never;
    const steps = sumIndexingSteps([
      batch({ 'processing tasks > indexing': '9s', 'processing tasks > indexing > extracting words': '1.2s', 'processing tasks > indexing > extracting facets': '3s', 'processing tasks > indexing > extracting facets > document': '3s' }),
      batch({ 'processing tasks > indexing > extracting facets': '2500ms', 'processing tasks > computing document changes': '4s' }),
    ]);
    expect(steps).toEqual({ 'extracting facets': 5.5, 'extracting words': 1.2 });
    expect(Object.keys(steps)).toEqual(['extracting facets', 'extracting words']);
    expect(describeSteps(steps, 1)).toBe('extracting facets 5.5 s');
    expect(describeSteps({})).toBe('none recorded');
  });
});
