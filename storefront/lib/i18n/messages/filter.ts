import { messageArea } from '../message-area';

export const filterMessages = messageArea('filter', {
  'filter.colours': 'Colour',
}, {
  'filter.colours': 'Color',
});
