import { messageArea } from '../message-area';

export const shipsToMessages = messageArea('shipsTo', {
  'shipsTo.offer': 'Shipping is worked out for {current}.',
  'shipsTo.set': 'Ship to {offered} instead',
});
