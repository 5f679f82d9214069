'use client';

import { useState } from 'react';
import type { AlertView } from '../../lib/alerts/alerts';
import { answer, api } from '../../lib/api/client';
import { useT } from '../../lib/i18n/use-t';
import { alertsMessages } from '../../lib/i18n/messages/alerts';
import { useToast } from '../toasts';
import { useApiMutation } from '../use-api-mutation';
import './alerts.css';

/** The shopper's alerts, each renamed, re-timed, paused, resumed or deleted where it stands. */
export function AlertsList({ alerts: initial }: { alerts: AlertView[] }) {
  const t = useT(alertsMessages);
  const [alerts, setAlerts] = useState(initial);
  if (alerts.length === 0) return <p className="notice">{t('alerts.empty')}</p>;
  return (
    <ul className="alerts">
      {alerts.map((alert) => (
        <AlertItem
          key={alert.id}
          alert={alert}
          onChange={(next) => setAlerts((list) => list.map((a) => (a.id === next.id ? next : a)))}
          onDelete={() => setAlerts((list) => list.filter((a) => a.id !== alert.id))}
        />
      ))}
    </ul>
  );
}

function AlertItem({ alert, onChange, onDelete }: { alert: AlertView; onChange: (alert: AlertView) => void; onDelete: () => void }) {
  const t = useT(alertsMessages);
  const toast = useToast();
  const { mutate: run, isPending: busy } = useApiMutation({ mutationFn: (work: () => Promise<void>) => work() });
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(alert.name);
  const param = { id: String(alert.id) };

  const change = (json: { name?: string; frequency?: 'instant' | 'daily'; paused?: boolean }) => run(async () => {
    const { alert: next } = await answer(api.api.account.alerts[':id'].index.$patch({ param, json }));
    onChange(next);
    setRenaming(false);
    toast.show({ title: t('alerts.saved') });
  });
  const remove = () => run(async () => {
    await answer(api.api.account.alerts[':id'].index.$delete({ param }));
    onDelete();
    toast.show({ title: t('alerts.deleted') });
  });

  return (
    <li className="alert-item" data-alert={alert.id} data-paused={alert.paused}>
      {renaming ? (
        <form className="alert-item__rename" onSubmit={(e) => {
          e.preventDefault();
          change({ name });
        }}>
          <label className="visually-hidden" htmlFor={`alert-name-${alert.id}`}>{t('alerts.name')}</label>
          <input id={`alert-name-${alert.id}`} value={name} maxLength={120} required onChange={(e) => setName(e.target.value)} />
          <button type="submit" className="button" disabled={busy}>{t('alerts.save')}</button>
          <button type="button" className="button button--secondary" onClick={() => {
            setName(alert.name);
            setRenaming(false);
          }}>{t('alerts.cancel')}</button>
        </form>
      ) : (
        <h2 className="alert-item__name">
          {alert.name}
          {alert.paused && <span className="alert-item__paused">{t('alerts.paused')}</span>}
        </h2>
      )}
      {alert.description !== alert.name && <p className="alert-item__description">{alert.description}</p>}
      <div className="alert-item__controls">
        <a className="button button--secondary" href={alert.url}>{t('alerts.open')}</a>
        <label>
          {t('alerts.frequency')}{' '}
          <select value={alert.frequency} disabled={busy} onChange={(e) => change({ frequency: e.target.value as 'instant' | 'daily' })}>
            <option value="instant">{t('alerts.instant')}</option>
            <option value="daily">{t('alerts.daily')}</option>
          </select>
        </label>
        {!renaming && <button type="button" className="button button--secondary" disabled={busy} onClick={() => setRenaming(true)}>{t('alerts.rename')}</button>}
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => change({ paused: !alert.paused })}>
          {alert.paused ? t('alerts.resume') : t('alerts.pause')}
        </button>
        <button type="button" className="button button--secondary" disabled={busy} onClick={remove}>{t('alerts.delete')}</button>
      </div>
    </li>
  );
}
