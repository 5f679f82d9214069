import { flushSync } from 'react-dom';

/** What can take the focus in a form. */
const FIELD = 'input, select, textarea, button';

/**
 * Shows a form's refusals (`show`, its state updates) at once, then focuses whichever field they
 * name comes first in the page, however far up it is: ['edit-price', 'edit-title'] -> #edit-title
 * when the title is above the price. The field is focused with its refusal already tied to it, so
 * a screen reader reads the two together; an id on a group's label (a fieldset's legend) focuses
 * the group's first control.
 */
export function showRefusals(show: () => void, ids: string[]): void {
  flushSync(show);
  const fields = ids.flatMap((id) => {
    const element = document.getElementById(id);
    const field = element?.matches(FIELD) ? element : element?.closest('fieldset')?.querySelector<HTMLElement>(FIELD);
    return field ?? [];
  });
  fields.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0]?.focus();
}
