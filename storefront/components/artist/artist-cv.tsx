import type { EducationEntry, ExhibitionEntry } from '@easel/data/queries/artist-cv';
import type { Translate } from '../../lib/i18n/translate';

export interface ArtistCvProps {
  education: EducationEntry[];
  /** Newest first. */
  exhibitions: ExhibitionEntry[];
  t: Translate;
}

/** One list of a CV: the year, then what happened (an exhibition's title in italics) and where. */
function CvList({ id, title, entries, titles }: { id: string; title: string; entries: { year: number; what: string; where: string }[]; titles: boolean }) {
  return (
    <section className="artist-cv__part" aria-labelledby={id}>
      <h3 className="artist-cv__heading" id={id}>{title}</h3>
      <ol className="artist-cv__list">
        {entries.map((entry, i) => (
          <li className="artist-cv__entry" key={i}>
            <span className="artist-cv__year">{entry.year}</span>
            <span className={titles ? 'artist-cv__what artist-cv__what--title' : 'artist-cv__what'}>{entry.what}</span>
            <span className="artist-cv__where">{entry.where}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The artist's CV as a gallery prints it: solo shows, group shows, then education; empty lists left out. */
export function ArtistCv({ education, exhibitions, t }: ArtistCvProps) {
  const shows = (kind: ExhibitionEntry['kind']) =>
    exhibitions.filter((e) => e.kind === kind).map((e) => ({ year: e.year, what: e.title, where: `${e.venue}, ${e.city}` }));
  const parts = [
    { id: 'cv-solo', title: t('artist.soloExhibitions'), entries: shows('solo'), titles: true },
    { id: 'cv-group', title: t('artist.groupExhibitions'), entries: shows('group'), titles: true },
    { id: 'cv-education', title: t('artist.education'), entries: education.map((e) => ({ year: e.year, what: e.course, where: e.institution })).reverse(), titles: false },
  ].filter((part) => part.entries.length > 0);
  if (parts.length === 0) return null;
  return (
    <section className="artist-page__section artist-cv" aria-labelledby="cv-title">
      <header className="artist-page__head">
        <h2 className="artist-page__title" id="cv-title">{t('artist.cv')}</h2>
      </header>
      <div className="artist-cv__parts">
        {parts.map((part) => <CvList key={part.id} {...part} />)}
      </div>
    </section>
  );
}
