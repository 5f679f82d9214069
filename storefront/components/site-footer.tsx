import type { Translate } from '../lib/i18n/translate';

export function SiteFooter({ t }: { t: Translate }) {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <p>{t('shell.footer')}</p>
      </div>
    </footer>
  );
}
