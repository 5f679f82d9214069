'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import type { Collection } from '@easel/data/queries/collections';
import { answer, api } from '../../lib/api/client';
import { useT } from '../../lib/i18n/use-t';
import { collectionsMessages } from '../../lib/i18n/messages/collections';
import { useAccount } from '../account/account-context';
import { useApiMutation } from '../use-api-mutation';
import './collections.css';

/** A name and a button: makes a collection and hands it to `onCreated`. A visitor logs in first. */
export function CreateCollectionForm({ onCreated }: { onCreated: (collection: Collection) => void | Promise<void> }) {
  const t = useT(collectionsMessages);
  const { whenSignedIn } = useAccount();
  const id = useId();
  const [name, setName] = useState('');
  const create = useApiMutation({
    mutationFn: async () => {
      const { collection } = await answer(api.collections.api.index.$post({ json: { name } }));
      setName('');
      await onCreated(collection);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    whenSignedIn(() => create.mutate());
  };

  return (
    <form className="collection-form" onSubmit={submit}>
      <label htmlFor={id} className="collection-form__label">{t('collections.name')}</label>
      <div className="collection-form__row">
        <input id={id} name="name" className="collection-form__input" value={name} onChange={(e) => setName(e.target.value)} maxLength={80} required />
        <button type="submit" className="button button--secondary" disabled={create.isPending || name.trim() === ''}>{t('collections.create')}</button>
      </div>
    </form>
  );
}

/** The collections page's form: the new collection opens at once, empty, ready for works. */
export function CreateAndOpenCollection() {
  const router = useRouter();
  return <CreateCollectionForm onCreated={(collection) => router.push(`/account/collections/${collection.slug}/`)} />;
}
