'use client';

import { useEffect, useState } from 'react';

export interface NumberFieldProps {
  id: string;
  /** Shown beside the field: 'Min'. */
  label: string;
  /** What the field is, for assistive technology: 'Minimum price'. */
  name: string;
  prefix?: string;
  suffix?: string;
  value: number | undefined;
  /** Whole numbers only, or up to one decimal place. */
  decimals?: 0 | 1;
  /** Called with a clean value (undefined when emptied) when the shopper pauses, leaves the field or presses Enter. */
  onCommit: (value: number | undefined) => void;
}

/** How long typing may pause before what is typed counts, so the preview count follows it. */
const TYPING_PAUSE_MS = 350;

const textOf = (value: number | undefined) => (value === undefined ? '' : String(value));

/** Typed text -> its value: '' -> undefined; '12.34' -> 12 (whole) or 12.3; 'abc' or '-1' -> null, not a value. */
function valueOf(text: string, decimals: 0 | 1): number | undefined | null {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const n = Number(trimmed);
  if (!Number.isFinite(n) || n < 0) return null;
  const factor = decimals === 1 ? 10 : 1;
  return Math.round(n * factor) / factor;
}

/**
 * A number input that keeps what the shopper types and commits a clean value as they type
 * (after a pause), when they leave the field, and on Enter, which then also applies the form
 * it is in; a value that is not a number is put back when they leave.
 */
export function NumberField({ id, label, name, prefix, suffix, value, decimals = 0, onCommit }: NumberFieldProps) {
  const [text, setText] = useState(textOf(value));
  // A value set from outside (a reset, a swapped range) replaces the text; the typed text's own value does not.
  useEffect(() => {
    if (valueOf(text, decimals) !== value) setText(textOf(value));
  }, [value]);
  useEffect(() => {
    const typed = valueOf(text, decimals);
    if (typed === null || typed === value) return;
    const timer = setTimeout(() => onCommit(typed), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const commit = () => {
    const typed = valueOf(text, decimals);
    if (typed === null) setText(textOf(value));
    else if (typed !== value) onCommit(typed);
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
            if (e.key !== 'Enter') return;
            e.preventDefault();
            commit();
            e.currentTarget.form?.requestSubmit();
          }}
        />
        {suffix && <span className="number-field__affix" aria-hidden="true">{suffix}</span>}
      </span>
    </label>
  );
}
