import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ToastView } from './toasts';

const render = (tone: 'info' | 'error') =>
  renderToStaticMarkup(
    <ToastView
      toast={{ title: 'Settings saved', body: 'Prices in $ USD, sizes in inches, shipping to United States.', action: undefined, tone, phase: 'entering' }}
      closeLabel="Close"
      timeText="just now"
      onClose={() => {}}
      onReading={() => {}}
    />,
  );

describe('a toast (SPEC §8)', () => {
  it('shows its title, "just now" and a button labelled Close in the header, then the message', () => {
    const html = render('info');
    expect(html).toMatch(/<div class="toast__header"><strong class="toast__title">Settings saved<\/strong><small class="toast__time">just now<\/small><button type="button" class="toast__close" aria-label="Close">/);
    expect(html).toContain('<p class="toast__body">Prices in $ USD, sizes in inches, shipping to United States.</p>');
    expect(html).toContain('data-phase="entering"');
  });

  it('is announced at once only when it reports an error', () => {
    expect(render('info')).not.toContain('role="alert"');
    expect(render('error')).toContain('role="alert"');
  });
});
