'use client';

import { useState } from 'react';
import { useFormatNumber } from '../../lib/i18n/use-t';

export interface FacetOption {
  value: string;
  label: string;
  /** Matches in the active search; undefined when the value is not among its facets. */
  count?: number;
}

export interface FacetListProps {
  name: string;
  options: FacetOption[];
  checked: readonly string[];
  onToggle: (value: string) => void;
  /** Shown before "Show all"; the rest are a click away. */
  visible?: number;
  /** Draws each option as a colour swatch with this fill. */
  swatch?: (value: string) => string;
}

/** Checkboxes with counts; long lists collapse after a few values, checked ones always shown. */
export function FacetList({ name, options, checked, onToggle, visible = 6, swatch }: FacetListProps) {
  const [expanded, setExpanded] = useState(false);
  const formatNumber = useFormatNumber();
  const shown = expanded ? options : options.filter((o, i) => i < visible || checked.includes(o.value));
  const hidden = options.length - shown.length;
  return (
    <>
      <ul className="facet-list" role="list">
        {shown.map((option) => {
          const id = `${name}-${option.value}`;
          return (
            <li key={option.value} className="facet-list__item">
              <input
                className="facet-list__check"
                type="checkbox"
                id={id}
                checked={checked.includes(option.value)}
                onChange={() => onToggle(option.value)}
              />
              <label className="facet-list__label" htmlFor={id}>
                {swatch && <span className="facet-list__swatch" style={{ background: swatch(option.value) }} aria-hidden="true" />}
                <span className="facet-list__name">{option.label}</span>
                {option.count !== undefined && <span className="facet-list__count">{formatNumber(option.count)}</span>}
              </label>
            </li>
          );
        })}
      </ul>
      {(hidden > 0 || expanded) && options.length > visible && (
        <button type="button" className="link-button facet-list__more" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Show fewer' : `Show all ${options.length}`}
        </button>
      )}
    </>
  );
}
