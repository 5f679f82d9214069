'use client';

import { useRef, useState } from 'react';
import { answer, api, ApiResponseError } from '../../lib/api/client';
import { useT } from '../../lib/i18n/use-t';
import { listingMessages } from '../../lib/i18n/messages/listing';
import { sellingMessages } from '../../lib/i18n/messages/selling';
import { MAX_PHOTO_BYTES, MAX_PHOTOS, PHOTO_ACCEPT, PHOTO_FIELD } from '../../lib/listing/limits';
import type { ListingPhoto } from '../../lib/listing/listing';
import { uploadPhoto } from '../../lib/selling/photo-upload';
import './selling.css';

export interface PhotoManagerProps {
  workId: number;
  photos: ListingPhoto[];
  /** Told each time the stored photos change. */
  onPhotosChange?: (photos: ListingPhoto[]) => void;
}

/** An upload under way or refused: its file's name, the share sent, and the refusal in words. */
interface Upload {
  key: number;
  name: string;
  sent: number;
  error?: string;
}

/**
 * A work's photos, 1 to 6 in order, the first its main image: added (several at once, sent one
 * file per request, each showing how much of it has gone), moved earlier or later, replaced and
 * deleted. Every change answers with the work's photos as stored, which the list then shows.
 */
export function PhotoManager({ workId, photos: initial, onPhotosChange }: PhotoManagerProps) {
  const t = useT(listingMessages, sellingMessages);
  const [photos, setShownPhotos] = useState(initial);
  const setPhotos = (next: ListingPhoto[]) => {
    setShownPhotos(next);
    onPhotosChange?.(next);
  };
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'done' | 'refused'; text: string } | null>(null);
  const addInput = useRef<HTMLInputElement>(null);
  const replaceInput = useRef<HTMLInputElement>(null);
  const replacing = useRef<number | null>(null);
  const nextKey = useRef(0);
  const param = { id: String(workId) };
  const url = (replace?: number) => `/api/artist/works/${workId}/photos/${replace === undefined ? '' : `?replace=${replace}`}`;

  const wordsOf = (error: unknown) =>
    error instanceof ApiResponseError ? error.message : t('selling.networkFailed');

  /** Sends the files one after another; a refused file keeps its line, with the reason, until the next upload. */
  const send = async (files: File[], replace?: number) => {
    const room = replace === undefined ? MAX_PHOTOS - photos.length : 1;
    if (files.length > room) {
      setMessage({ tone: 'refused', text: t('selling.tooMany', { count: Math.max(room, 0) }) });
      files = files.slice(0, Math.max(room, 0));
    } else setMessage(null);
    const queued = files.map((file) => ({ file, key: nextKey.current++ }));
    setUploads(queued.map(({ file, key }) => ({ key, name: file.name, sent: 0 })));
    setBusy(true);
    for (const { file, key } of queued) {
      const update = (change: Partial<Upload>) => setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u)));
      if (file.size > MAX_PHOTO_BYTES) {
        update({ error: t('listing.photo.tooLarge', { file: file.name }) });
        continue;
      }
      try {
        const outcome = await uploadPhoto<{ photos: ListingPhoto[] }>(url(replace), file, (sent) => update({ sent }), PHOTO_FIELD).done;
        setPhotos(outcome.photos);
        setUploads((all) => all.filter((u) => u.key !== key));
        setMessage({ tone: 'done', text: t('selling.uploaded', { name: file.name }) });
      } catch (error) {
        update({ error: t('selling.photoFailed', { name: file.name, message: wordsOf(error) }) });
      }
    }
    setBusy(false);
  };

  const change = async (work: () => Promise<{ photos: ListingPhoto[] }>) => {
    setBusy(true);
    setMessage(null);
    try {
      setPhotos((await work()).photos);
    } catch (error) {
      setMessage({ tone: 'refused', text: t('selling.failed', { message: wordsOf(error) }) });
    } finally {
      setBusy(false);
    }
  };
  const move = (index: number, by: -1 | 1) => {
    const order = photos.map((p) => p.id);
    [order[index], order[index + by]] = [order[index + by]!, order[index]!];
    return change(() => answer(api.api.artist.works[':id'].photos.index.$put({ param, json: { order } })));
  };
  const remove = (photo: number) =>
    change(() => answer(api.api.artist.works[':id'].photos[':photo'].index.$delete({ param: { ...param, photo: String(photo) } })));

  return (
    <section className="photos" id="photos" aria-labelledby="photos-title" tabIndex={-1}>
      <h2 className="artwork-edit__legend" id="photos-title">{t('selling.photos')}</h2>
      <p className="artwork-edit__hint" id="photos-hint">{t('selling.photosHint')}</p>
      {photos.length > 0 && (
        <ol className="photos__list" role="list">
          {photos.map((photo, i) => {
            const name = t('selling.photoN', { number: i + 1 });
            return (
              <li key={photo.id} className="photos__item" data-photo={photo.id}>
                <figure className="photos__figure">
                  <img className="photos__image" src={photo.url} srcSet={photo.srcset} sizes="(min-width: 768px) 180px, 45vw" width={photo.width} height={photo.height} alt={name} />
                  <figcaption className="photos__caption">{i === 0 ? t('selling.mainPhoto') : name}</figcaption>
                </figure>
                <div className="photos__tools" role="group" aria-label={name}>
                  <button type="button" className="link-button" disabled={busy || i === 0} onClick={() => void move(i, -1)}>{t('selling.moveEarlier')}</button>
                  <button type="button" className="link-button" disabled={busy || i === photos.length - 1} onClick={() => void move(i, 1)}>{t('selling.moveLater')}</button>
                  <button
                    type="button"
                    className="link-button"
                    disabled={busy}
                    onClick={() => {
                      replacing.current = photo.id;
                      replaceInput.current?.click();
                    }}
                  >
                    {t('selling.replace')}
                  </button>
                  <button type="button" className="link-button" disabled={busy} onClick={() => void remove(photo.id)}>{t('selling.delete')}</button>
                </div>
              </li>
            );
          })}
        </ol>
      )}

      {uploads.length > 0 && (
        <ul className="photos__uploads" role="list">
          {uploads.map((u) => (
            <li key={u.key} className="photos__upload" data-upload={u.name}>
              {u.error ? (
                <p className="artwork-edit__error" role="alert">{u.error}</p>
              ) : (
                <>
                  <progress className="photos__progress" max={1} value={u.sent} aria-label={u.name} />
                  <span className="photos__progress-text">
                    {u.sent < 1 ? t('selling.uploading', { name: u.name, percent: Math.floor(u.sent * 100) }) : t('selling.processing', { name: u.name })}
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}

      <div className="photos__add">
        <button type="button" className="button button--secondary" disabled={busy || photos.length >= MAX_PHOTOS} aria-describedby="photos-hint" onClick={() => addInput.current?.click()}>
          {t('selling.addPhotos')}
        </button>
        <input
          ref={addInput}
          className="visually-hidden"
          type="file"
          accept={PHOTO_ACCEPT}
          multiple
          tabIndex={-1}
          aria-label={t('selling.addPhotos')}
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (files.length > 0) void send(files);
          }}
        />
        <input
          ref={replaceInput}
          className="visually-hidden"
          type="file"
          accept={PHOTO_ACCEPT}
          tabIndex={-1}
          aria-label={t('selling.replace')}
          onChange={(e) => {
            const [file] = e.target.files ?? [];
            e.target.value = '';
            if (file && replacing.current !== null) void send([file], replacing.current);
          }}
        />
      </div>
      <p className={`work-actions__outcome work-actions__outcome--${message?.tone ?? 'none'}`} role="status">{message?.text}</p>
    </section>
  );
}
