'use client';

import { useState } from 'react';
import { useT } from '../../lib/i18n/use-t';
import { sellingMessages } from '../../lib/i18n/messages/selling';
import type { ArtistWork } from '../../lib/listing/listing';
import { PhotoManager } from './photo-manager';
import { WorkActions } from './work-actions';

/**
 * The top of a work's edit page for its artist: its status and actions, then its photos. The
 * actions start afresh whenever the photos change, so a publication refused for want of a photo
 * does not go on saying so once one is added.
 */
export function ListingEditHead({ work }: { work: ArtistWork }) {
  const t = useT(sellingMessages);
  const [photoIds, setPhotoIds] = useState(() => work.photos.map((p) => p.id).join());
  return (
    <>
      <section className="listing-edit__status">
        <p>
          <span className={`work-status work-status--${work.status}`}>
            {work.sold_elsewhere ? t('selling.soldElsewhere') : t(`selling.status.${work.status}`)}
          </span>
        </p>
        <WorkActions key={photoIds} id={work.id} slug={work.slug} title={work.title} status={work.status} editing />
      </section>
      <PhotoManager workId={work.id} photos={work.photos} onPhotosChange={(photos) => setPhotoIds(photos.map((p) => p.id).join())} />
    </>
  );
}
