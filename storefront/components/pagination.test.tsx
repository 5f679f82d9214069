import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Pagination, pageWindow } from './pagination';

describe('pageWindow', () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 20, [1, 2, 3, 4, 5]],
    [7, 20, [5, 6, 7, 8, 9]],
    [20, 20, [16, 17, 18, 19, 20]],
    [19, 20, [16, 17, 18, 19, 20]],
  ])('page %i of %i shows %j', (current, total, pages) => {
    expect(pageWindow(current, total)).toEqual(pages);
  });
});

describe('Pagination', () => {
  it('links every page to its own address and marks the current one', () => {
    const html = renderToStaticMarkup(<Pagination current={2} total={3} href={(p) => `/x/?page=${p}`} />);
    expect(html).toContain('href="/x/?page=1"');
    expect(html).toMatch(/href="\/x\/\?page=2" aria-label="Page 2" aria-current="page"/);
    expect(html).toContain('Previous');
    expect(html).toContain('Next');
  });

  it('shows nothing for a single page', () => {
    expect(renderToStaticMarkup(<Pagination current={1} total={1} href={() => '/'} />)).toBe('');
  });
});
