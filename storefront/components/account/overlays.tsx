'use client';

import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ABOUT_MAX_LENGTH } from '../../lib/account/limits';
import { answer, api } from '../../lib/api/client';
import { useT } from '../../lib/i18n/use-t';
import { accountMessages } from '../../lib/i18n/messages/account';
import { commonMessages } from '../../lib/i18n/messages/common';
import { useToast } from '../toasts';
import { useAccount } from './account-context';
import { Dialog } from './dialog';
import './overlays.css';

/**
 * Every overlay of the app shell (SPEC §2), each drawn while it is open. This module is
 * loaded only once the first overlay opens (see AccountProvider).
 */
export default function Overlays() {
  const { overlays } = useAccount();
  const { open } = overlays;
  return (
    <>
      {open.slider && <NotificationSlider />}
      {open.welcomeAlert && <WelcomeAlert />}
      {open.login && <LoginDialog />}
      {open.forgot && <ForgotDialog />}
      {open.join && <JoinDialog />}
      {open.newsletter && <NewsletterDialog />}
      {open.welcome && <WelcomeDialog />}
      {open.yourself && <YourselfDialog />}
      {open.joinThanks && <JoinThanksDialog />}
      {open.confirmation && <ConfirmationDialog />}
    </>
  );
}

/** A form sent as a mutation: its sending state and the server's message when it refuses (SPEC §8). */
function useSubmit(send: (form: FormData) => Promise<void>) {
  const t = useT(accountMessages);
  const { mutate, isPending, error } = useMutation({ mutationFn: send });
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isPending) mutate(new FormData(event.currentTarget));
  }
  return { busy: isPending, error: error ? error.message || t('account.failed') : null, onSubmit };
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '');

function FormError({ error }: { error: string | null }) {
  return (
    <p className="overlay-form__error" role="alert">
      {error}
    </p>
  );
}

function Field({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <label className="overlay-form__field">
      <span className="overlay-form__label">{label}</span>
      {children}
      {hint && <span className="overlay-form__hint">{hint}</span>}
    </label>
  );
}

function LoginDialog() {
  const t = useT(accountMessages);
  const { dispatch, notify, changeUser } = useAccount();
  const { busy, error, onSubmit } = useSubmit(async (form) => {
    const { user } = await answer(api.api.account.login.index.$post({ json: { email: text(form, 'email'), password: text(form, 'password') } }));
    dispatch({ type: 'login/succeeded' });
    changeUser(user);
    if (user) notify({ message: t('account.welcomeBack', { name: user.name }) });
  });
  return (
    <Dialog title={t('account.loginTitle')} onClose={() => dispatch({ type: 'close', overlay: 'login' })}>
      <p className="overlay-dialog__intro">{t('account.loginIntro')}</p>
      <form className="overlay-form" onSubmit={onSubmit} noValidate>
        <Field label={t('account.email')}>
          <input name="email" type="email" autoComplete="email" required />
        </Field>
        <Field label={t('account.password')}>
          <input name="password" type="password" autoComplete="current-password" required />
        </Field>
        <button
          type="button"
          className="link-button overlay-form__aside"
          onClick={(event) => dispatch({ type: 'forgot/click', email: text(new FormData(event.currentTarget.form!), 'email') })}
        >
          {t('account.forgot')}
        </button>
        <FormError error={error} />
        <button type="submit" className="button" disabled={busy}>{busy ? t('account.working') : t('account.login')}</button>
      </form>
      <p className="overlay-dialog__switch">
        {t('account.noAccount')}{' '}
        <button type="button" className="link-button" onClick={() => dispatch({ type: 'join/click' })}>{t('account.join')}</button>
      </p>
    </Dialog>
  );
}

/** "Forgot password?": an email, then the same words whether or not an account uses it. */
function ForgotDialog() {
  const t = useT(accountMessages);
  const { overlays, dispatch } = useAccount();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { busy, error, onSubmit } = useSubmit(async (form) => {
    const { email } = await answer(api.api.account.password.forgot.index.$post({ json: { email: text(form, 'email') } }));
    setSentTo(email);
  });
  const backToLogin = () => {
    dispatch({ type: 'close', overlay: 'forgot' });
    dispatch({ type: 'login/click' });
  };
  return (
    <Dialog title={t('account.forgotTitle')} onClose={() => dispatch({ type: 'close', overlay: 'forgot' })}>
      {sentTo === null ? (
        <>
          <p className="overlay-dialog__intro">{t('account.forgotIntro')}</p>
          <form className="overlay-form" onSubmit={onSubmit} noValidate>
            <Field label={t('account.email')}>
              <input name="email" type="email" autoComplete="email" defaultValue={overlays.forgotEmail} required />
            </Field>
            <FormError error={error} />
            <button type="submit" className="button" disabled={busy}>{busy ? t('account.working') : t('account.forgotSend')}</button>
          </form>
        </>
      ) : (
        <p className="overlay-dialog__intro" role="status">{t('account.forgotSent', { email: sentTo })}</p>
      )}
      <p className="overlay-dialog__switch">
        <button type="button" className="link-button" onClick={backToLogin}>{t('account.backToLogin')}</button>
      </p>
    </Dialog>
  );
}

function JoinDialog() {
  const t = useT(accountMessages);
  const { dispatch, changeUser } = useAccount();
  const { busy, error, onSubmit } = useSubmit(async (form) => {
    const json = { name: text(form, 'name'), email: text(form, 'email'), password: text(form, 'password') };
    const { user } = await answer(api.api.account.join.index.$post({ json }));
    changeUser(user);
    dispatch({ type: 'join/succeeded' });
  });
  return (
    <Dialog title={t('account.joinTitle')} onClose={() => dispatch({ type: 'close', overlay: 'join' })}>
      <p className="overlay-dialog__intro">{t('account.joinIntro')}</p>
      <form className="overlay-form" onSubmit={onSubmit} noValidate>
        <Field label={t('account.name')}>
          <input name="name" autoComplete="name" maxLength={80} required />
        </Field>
        <Field label={t('account.email')}>
          <input name="email" type="email" autoComplete="email" required />
        </Field>
        <Field label={t('account.password')} hint={t('account.passwordHint')}>
          <input name="password" type="password" autoComplete="new-password" minLength={10} maxLength={200} required />
        </Field>
        <FormError error={error} />
        <button type="submit" className="button" disabled={busy}>{busy ? t('account.working') : t('account.join')}</button>
      </form>
      <p className="overlay-dialog__switch">
        {t('account.haveAccount')}{' '}
        <button
          type="button"
          className="link-button"
          onClick={() => {
            dispatch({ type: 'close', overlay: 'join' });
            dispatch({ type: 'login/click' });
          }}
        >
          {t('account.login')}
        </button>
      </p>
    </Dialog>
  );
}

function NewsletterDialog() {
  const t = useT(accountMessages);
  const toast = useToast();
  const { user, dispatch } = useAccount();
  const dismiss = () => dispatch({ type: 'newsletter/dismissed' });
  const { busy, error, onSubmit } = useSubmit(async (form) => {
    const { email } = await answer(api.api.marketing.subscribe.newsletter.index.$post({ json: { email: text(form, 'email') } }));
    toast.show({ title: t('account.subscribed'), body: t('account.subscribedText', { email }) });
    dismiss();
  });
  return (
    <Dialog title={t('account.newsletterTitle')} onClose={dismiss}>
      <p className="overlay-dialog__intro">{t('account.newsletterIntro')}</p>
      <form className="overlay-form" onSubmit={onSubmit} noValidate>
        <Field label={t('account.email')}>
          <input name="email" type="email" autoComplete="email" defaultValue={user?.email ?? ''} required />
        </Field>
        <FormError error={error} />
        <div className="overlay-form__actions">
          <button type="submit" className="button" disabled={busy}>{busy ? t('account.working') : t('account.subscribe')}</button>
          <button type="button" className="button button--secondary" onClick={dismiss}>{t('account.noThanks')}</button>
        </div>
      </form>
    </Dialog>
  );
}

function WelcomeDialog() {
  const t = useT(accountMessages);
  const { user, dispatch } = useAccount();
  const close = () => dispatch({ type: 'close', overlay: 'welcome' });
  return (
    <Dialog title={t('account.welcomeTitle', { name: user?.name ?? '' })} onClose={close}>
      <p className="overlay-dialog__intro">{t('account.welcomeIntro')}</p>
      <div className="overlay-form__actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            close();
            dispatch({ type: 'yourself/click' });
          }}
        >
          {t('account.tellUs')}
        </button>
        <button type="button" className="button button--secondary" onClick={close}>{t('account.startLooking')}</button>
      </div>
    </Dialog>
  );
}

function YourselfDialog() {
  const t = useT(accountMessages);
  const { user, dispatch, changeUser } = useAccount();
  const { busy, error, onSubmit } = useSubmit(async (form) => {
    const { user: updated } = await answer(api.api.account.index.$patch({ json: { name: text(form, 'name'), about: text(form, 'about') } }));
    if (!updated) return;
    changeUser(updated);
    dispatch({ type: 'user/updated', user: updated });
  });
  return (
    <Dialog title={t('account.tellUs')} onClose={() => dispatch({ type: 'close', overlay: 'yourself' })}>
      <form className="overlay-form" onSubmit={onSubmit} noValidate>
        <Field label={t('account.name')}>
          <input name="name" autoComplete="name" maxLength={80} defaultValue={user?.name ?? ''} required />
        </Field>
        <Field label={t('account.about')} hint={t('account.aboutHint')}>
          <textarea name="about" rows={4} maxLength={ABOUT_MAX_LENGTH} defaultValue={user?.about ?? ''} />
        </Field>
        <FormError error={error} />
        <button type="submit" className="button" disabled={busy}>{busy ? t('account.working') : t('account.save')}</button>
      </form>
    </Dialog>
  );
}

function JoinThanksDialog() {
  const t = useT(accountMessages);
  const { overlays, dispatch } = useAccount();
  const close = () => dispatch({ type: 'close', overlay: 'joinThanks' });
  return (
    <Dialog title={t('account.thanksTitle', { name: overlays.user?.name ?? '' })} onClose={close}>
      <p className="overlay-dialog__intro">{t('account.thanksIntro')}</p>
      <button type="button" className="button" onClick={close}>{t('account.done')}</button>
    </Dialog>
  );
}

function ConfirmationDialog() {
  const t = useT(accountMessages);
  const { overlays, dispatch } = useAccount();
  const close = () => dispatch({ type: 'close', overlay: 'confirmation' });
  return (
    <Dialog title={overlays.confirmation ?? ''} onClose={close}>
      <button type="button" className="button" onClick={close}>{t('account.ok')}</button>
    </Dialog>
  );
}

/** Not modal: a quiet note at the top of the page that the account is ready. */
function WelcomeAlert() {
  const t = useT(accountMessages, commonMessages);
  const { user, dispatch } = useAccount();
  return (
    <div className="welcome-alert" role="status">
      <p>{t('account.welcomeAlert', { name: user?.name ?? '', email: user?.email ?? '' })}</p>
      <button type="button" className="icon-button" aria-label={t('common.close')} onClick={() => dispatch({ type: 'close', overlay: 'welcomeAlert' })}>
        ×
      </button>
    </div>
  );
}

/** The notification slider: one content item, sliding in at the bottom left. */
function NotificationSlider() {
  const t = useT(commonMessages);
  const { overlays, dispatch } = useAccount();
  return (
    <div className="notification-slider" role="status">
      <p>{overlays.slider?.message}</p>
      <button type="button" className="icon-button" aria-label={t('common.close')} onClick={() => dispatch({ type: 'close', overlay: 'slider' })}>
        ×
      </button>
    </div>
  );
}
