import type { ReactNode } from 'react';

export interface FilterSectionProps {
  id: string;
  title: string;
  resetLabel: string;
  /** Whether the draft sets this section's filter: shows its reset. */
  active: boolean;
  onReset: () => void;
  children: ReactNode;
}

/** One collapsible section of the filter panel, open by default, with a reset of its own. */
export function FilterSection({ id, title, resetLabel, active, onReset, children }: FilterSectionProps) {
  return (
    <details className="filter-section" open data-section={id}>
      <summary className="filter-section__summary">
        <span className="filter-section__title" id={`filter-${id}`}>{title}</span>
      </summary>
      <div className="filter-section__body" role="group" aria-labelledby={`filter-${id}`}>
        {active && (
          <button type="button" className="filter-section__reset link-button" onClick={onReset}>
            {resetLabel}<span className="visually-hidden"> {title.toLowerCase()}</span>
          </button>
        )}
        {children}
      </div>
    </details>
  );
}
