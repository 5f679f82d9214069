import { messageArea } from '../message-area';

export const shellMessages = messageArea('shell', {
  'shell.skip': 'Skip to content',
  'shell.shop': 'Shop art',
  'shell.tools': 'Your settings and basket',
  'shell.footer': 'Easel · Every work is an original, sold by the artist who made it.',
}, {
  'shell.tools': 'Your settings and cart',
});
