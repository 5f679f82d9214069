'use client';

import { useId, useState } from 'react';
import { useT } from '../../lib/i18n/use-t';
import { collectionsMessages } from '../../lib/i18n/messages/collections';
import { useAccount } from '../account/account-context';
import { CollectionChoices } from './collection-choices';
import './collections.css';

/**
 * The buy box's "Add to collection": opens the shopper's collections for this work. A visitor
 * logs in first, and the list opens afterwards.
 */
export function AddToCollection({ slug }: { slug: string }) {
  const t = useT(collectionsMessages);
  const { whenSignedIn } = useAccount();
  const panel = useId();
  const [open, setOpen] = useState(false);

  return (
    <div className="add-to-collection">
      <button
        type="button"
        className="link-button add-to-collection__button"
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => (open ? setOpen(false) : whenSignedIn(() => setOpen(true)))}
        data-add-to-collection={slug}
      >
        {t('collections.add')}
      </button>
      {open && (
        <div id={panel} className="add-to-collection__panel" role="group" aria-label={t('collections.choose')}>
          <CollectionChoices slug={slug} />
        </div>
      )}
    </div>
  );
}
