import type { Translate } from '../lib/i18n/translate';
import { AccountLink } from './account/account-link';
import { NotificationBell } from './alerts/notification-bell';
import { BasketLink } from './basket-link';
import { CategoryMenu } from './category-menu';
import { HeaderSearch } from './header-search';
import { SettingsChooser } from './settings-chooser';

/**
 * Every page's header: the wordmark, the "Shop art" menu of media, the search box and the
 * shopper's tools. One row from laptops up; below, the search box takes a row of its own.
 */
export function SiteHeader({ t }: { t: Translate }) {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <a className="wordmark" href="/">
          Easel
        </a>
        <CategoryMenu />
        <HeaderSearch />
        <nav className="site-header__tools" aria-label={t('shell.tools')}>
          <SettingsChooser />
          <BasketLink />
          <NotificationBell />
          <AccountLink />
        </nav>
      </div>
    </header>
  );
}
