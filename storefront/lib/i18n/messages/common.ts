import { messageArea } from '../message-area';

export const commonMessages = messageArea('common', {
  'common.close': 'Close',
  'common.justNow': 'just now',
  'common.loading': 'Loading…',
  'common.loadFailed': 'This could not be loaded just now.',
  'common.tryAgain': 'Try again',
});
