/**
 * Focuses whichever of the elements with these ids comes first in the page: the first field a
 * form's refusal names, however far up the page it is (['edit-price', 'edit-title'] -> #edit-title
 * when the title is above the price).
 */
export function focusFirst(ids: string[]): void {
  const elements = ids.flatMap((id) => document.getElementById(id) ?? []);
  elements.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0]?.focus();
}
