import type { Translate } from '../lib/i18n/translate';
import { AccountLink } from './account/account-link';
import { BasketLink } from './basket-link';
import { HeaderSearch } from './header-search';
import { SettingsChooser } from './settings-chooser';

export function SiteHeader({ t }: { t: Translate }) {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <a className="wordmark" href="/">
          Easel
        </a>
        <p className="site-header__pitch">{t('shell.pitch')}</p>
        <a className="site-header__shop" href="/shop/">
          {t('shell.shop')}
        </a>
        <HeaderSearch />
        <nav className="site-header__tools" aria-label={t('shell.tools')}>
          <SettingsChooser />
          <BasketLink />
          <AccountLink />
        </nav>
      </div>
    </header>
  );
}
