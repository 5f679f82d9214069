import { messageArea } from '../message-area';

export const receiptMessages = messageArea('receipt', {
  'receipt.subject': 'Your Easel order {id}',
  'receipt.thanks': 'Thank you for your order. This is your receipt.',
  'receipt.line': '{title} by {artist} ({what})',
  'receipt.charged': 'Total charged to your card: {amount}',
  'receipt.orders': 'Your orders, and when each should arrive: {url}',
});
