'use client';

import { useEffect, useState } from 'react';

export interface NumberFieldProps {
  id: string;
  /** Shown beside the field: 'Min'. */
  label: string;
  /** What the field is, for assistive technology, starting with the label: 'Min price'. */
  name: string;
  prefix?: string;
  suffix?: string;
  value: number | undefined;
  /** Whole numbers only, or up to one decimal place. */
  decimals?: 0 | 1;
  /** Called when the shopper leaves the field or presses Enter; undefined when emptied. */
  onCommit: (value: number | undefined) => void;
}

/**
 * A number input that keeps what the shopper types until they finish, then commits a clean
 * value (or nothing, for an empty field); a value that is not a number is put back.
 */
export function NumberField({ id, label, name, prefix, suffix, value, decimals = 0, onCommit }: NumberFieldProps) {
  const [text, setText] = useState(value === undefined ? '' : String(value));
  useEffect(() => setText(value === undefined ? '' : String(value)), [value]);
  const commit = () => {
    const trimmed = text.trim();
    if (trimmed === '') return onCommit(undefined);
    const n = Number(trimmed);
    if (!Number.isFinite(n) || n < 0) return setText(value === undefined ? '' : String(value));
    const factor = decimals === 1 ? 10 : 1;
    onCommit(Math.round(n * factor) / factor);
  };
  return (
    <label className="number-field" htmlFor={id}>
      <span className="number-field__label">{label}</span>
      <span className="number-field__box">
        {prefix && <span className="number-field__affix" aria-hidden="true">{prefix}</span>}
        <input
          className="number-field__input" id={id} aria-label={name} type="text" inputMode={decimals ? 'decimal' : 'numeric'} autoComplete="off"
          value={text} onChange={(e) => setText(e.target.value)} onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit();
            }
          }}
        />
        {suffix && <span className="number-field__affix" aria-hidden="true">{suffix}</span>}
      </span>
    </label>
  );
}
