'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { answer, api } from '../../lib/api/client';
import { useT } from '../../lib/i18n/use-t';
import { collectionsMessages } from '../../lib/i18n/messages/collections';
import { useToast } from '../toasts';
import { useApiMutation } from '../use-api-mutation';
import './collections.css';

/**
 * A collection's own controls on its page: "Rename" opens a name field (the address stays), and
 * "Delete collection" asks once before the list goes; the works stay on sale.
 */
export function ManageCollection({ slug, name }: { slug: string; name: string }) {
  const t = useT(collectionsMessages);
  const toast = useToast();
  const router = useRouter();
  const id = useId();
  const [mode, setMode] = useState<'idle' | 'renaming' | 'deleting'>('idle');
  const [draft, setDraft] = useState(name);
  const { mutate: run, isPending: busy } = useApiMutation({ mutationFn: (action: () => Promise<void>) => action() });

  const rename = (event: FormEvent) => {
    event.preventDefault();
    run(async () => {
      await answer(api.collections.api.index.$patch({ json: { collection: slug, name: draft } }));
      setMode('idle');
      router.refresh();
    });
  };

  const remove = () => run(async () => {
    await answer(api.collections.api.index.$delete({ json: { collection: slug } }));
    toast.show({ title: t('collections.deleted', { name }) });
    router.push('/account/collections/');
  });

  if (mode === 'renaming') {
    return (
      <form className="collection-form manage-collection" onSubmit={rename}>
        <label htmlFor={id} className="collection-form__label">{t('collections.newName')}</label>
        <div className="collection-form__row">
          <input
            id={id} name="name" className="collection-form__input" value={draft} onChange={(e) => setDraft(e.target.value)}
            maxLength={80} required autoFocus
          />
          <button type="submit" className="button button--secondary" disabled={busy || draft.trim() === ''}>{t('collections.saveName')}</button>
          <button type="button" className="link-button" onClick={() => setMode('idle')}>{t('collections.cancel')}</button>
        </div>
      </form>
    );
  }
  if (mode === 'deleting') {
    return (
      <div className="manage-collection" role="group" aria-label={t('collections.delete')}>
        <p className="manage-collection__question">{t('collections.deleteConfirm', { name })}</p>
        <div className="manage-collection__actions">
          <button type="button" className="button" disabled={busy} onClick={remove}>{t('collections.deleteYes')}</button>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => setMode('idle')}>{t('collections.deleteNo')}</button>
        </div>
      </div>
    );
  }
  return (
    <div className="manage-collection manage-collection__actions">
      <button type="button" className="link-button" onClick={() => {
        setDraft(name);
        setMode('renaming');
      }}>{t('collections.rename')}</button>
      <button type="button" className="link-button" onClick={() => setMode('deleting')}>{t('collections.delete')}</button>
    </div>
  );
}
