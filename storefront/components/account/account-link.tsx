'use client';

import { useRef, useState } from 'react';
import { answer, api } from '../../lib/api/client';
import { initials } from '../../lib/account/initials';
import { useT } from '../../lib/i18n/use-t';
import { accountMessages } from '../../lib/i18n/messages/account';
import { alertsMessages } from '../../lib/i18n/messages/alerts';
import { favouritesMessages } from '../../lib/i18n/messages/favourites';
import { followingMessages } from '../../lib/i18n/messages/following';
import { notificationsMessages } from '../../lib/i18n/messages/notifications';
import { ordersMessages } from '../../lib/i18n/messages/orders';
import { useToast } from '../toasts';
import { useDismiss } from '../use-dismiss';
import { useAccount } from './account-context';
import './account.css';

/**
 * The header's account corner: "Log in" for a visitor; for a signed-in user their name, opening
 * a small menu with the profile prompt and "Log out", led by the tools of their role, set apart
 * by a rule (an artist's own page, its works and their profile form; staff's search index and
 * search analytics). On a phone the name is its
 * initials in a circle, so the settings summary, the basket and the bell keep their room, and
 * the whole name heads the menu.
 * Escape or a press outside closes the menu; Escape gives the focus back to the name.
 */
export function AccountLink() {
  const t = useT(accountMessages, alertsMessages, favouritesMessages, followingMessages, notificationsMessages, ordersMessages);
  const toast = useToast();
  const { user, artistSlug, dispatch, changeUser } = useAccount();
  const menu = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  const [open, setOpen] = useState(false);
  useDismiss(open, () => setOpen(false), menu, summary);

  if (!user) {
    return (
      <button type="button" className="account-link" data-overlay-return onClick={() => dispatch({ type: 'login/click' })}>
        {t('account.login')}
      </button>
    );
  }

  async function logOut() {
    try {
      await answer(api.api.account.logout.index.$post());
      changeUser(null);
      dispatch({ type: 'confirmation/open', message: t('account.loggedOut') });
    } catch (error) {
      toast.show({ title: t('account.failed'), ...(error instanceof Error ? { body: error.message } : {}), tone: 'error' });
    }
  }

  // The menu closes and the focus goes back to the name first, so a dialog the item opens returns it there.
  const choose = (action: () => void) => () => {
    setOpen(false);
    summary.current?.focus();
    action();
  };

  return (
    // Opened and closed by React on the name's click (a mouse, Enter or Space), not by the
    // browser's own toggle, whose event comes later: the menu's state is known the moment it shows.
    <details className="account-menu" ref={menu} open={open}>
      <summary
        ref={summary}
        className="account-link"
        aria-label={`${t('account.menu')} (${initials(user.name)}): ${user.name}`}
        data-overlay-return
        onClick={(event) => {
          event.preventDefault();
          setOpen(!open);
        }}
      >
        <span className="account-link__name">{user.name}</span>
        <span className="account-link__initials" aria-hidden="true">{initials(user.name)}</span>
      </summary>
      <div className="account-menu__panel">
        <p className="account-menu__name" aria-hidden="true">{user.name}</p>
        {artistSlug && (
          <>
            <a className="account-menu__item" href={`/artist/${artistSlug}/`}>{t('account.artistPage')}</a>
            <a className="account-menu__item" href="/artist/works/">{t('account.artistWorks')}</a>
            <a className="account-menu__item" href={`/artist/${artistSlug}/edit/`}>{t('account.artistEdit')}</a>
            <hr className="account-menu__rule" />
          </>
        )}
        {user.role === 'staff' && (
          <>
            <a className="account-menu__item" href="/staff/index/">{t('account.staffIndex')}</a>
            <a className="account-menu__item" href="/staff/search/">{t('account.staffSearch')}</a>
            <hr className="account-menu__rule" />
          </>
        )}
        <a className="account-menu__item" href="/account/favourites/">{t('favourites.name')}</a>
        <a className="account-menu__item" href="/account/collections/">{t('account.collections')}</a>
        <a className="account-menu__item" href="/account/following/">{t('following.title')}</a>
        <a className="account-menu__item" href="/account/alerts/">{t('alerts.title')}</a>
        <a className="account-menu__item" href="/account/notifications/">{t('notifications.title')}</a>
        <a className="account-menu__item" href="/account/orders/">{t('orders.title')}</a>
        <button type="button" className="account-menu__item" onClick={choose(() => dispatch({ type: 'yourself/click' }))}>
          {t('account.tellUs')}
        </button>
        <button type="button" className="account-menu__item" onClick={choose(() => void logOut())}>
          {t('account.logout')}
        </button>
      </div>
    </details>
  );
}
