import type { Db } from '@easel/data/db';
import type { GallerySearchDefinition } from '@easel/search-service/contract';
import { getArtistNames, type AlertRow } from '@easel/data/queries/alerts';
import type { Language } from '../i18n/languages';
import { galleryUrl } from '../gallery/location';
import { parseAlertQuery } from './definition';
import { describeAlert } from './describe';

/** Most alerts one account keeps (docs/ALERTS.md). */
export const MAX_ALERTS = 50;
export const MAX_ALERT_NAME_LENGTH = 120;

/** An alert as the API answers it: the stored one with its search in words and its gallery address. */
export interface AlertView extends AlertRow {
  description: string;
  url: string;
}

/** A definition in words, in `language`, its artist by name. */
export async function describeDefinition(db: Db, def: GallerySearchDefinition, language: Language): Promise<string> {
  const artist = def.artist ? (await getArtistNames(db, [def.artist])).get(def.artist) : undefined;
  return describeAlert(def, language, artist);
}

/** Stored alerts -> what their owner sees, in their English. */
export async function viewAlerts(db: Db, alerts: AlertRow[], language: Language): Promise<AlertView[]> {
  const parsed = alerts.map((a) => ({ alert: a, parsed: parseAlertQuery(a.query) }));
  const artists = await getArtistNames(db, parsed.flatMap(({ parsed: p }) => (p.ok && p.definition.artist ? [p.definition.artist] : [])));
  return parsed.map(({ alert, parsed: p }) => {
    // A stored query always parses: it was made by parseAlertQuery.
    if (!p.ok) return { ...alert, description: alert.name, url: '/shop/' };
    const artist = p.definition.artist;
    return {
      ...alert,
      description: describeAlert(p.definition, language, artist ? artists.get(artist) : undefined),
      url: artist ? `/artist/${artist}/` : galleryUrl(p.definition),
    };
  });
}
