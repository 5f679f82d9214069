import { messageArea } from '../message-area';

export const deliveryMessages = messageArea('delivery', {
  'delivery.arrives': 'Arrives {dates}',
  'delivery.dispatch': { one: 'Sent within {count} working day, arrives {dates}', other: 'Sent within {count} working days, arrives {dates}' },
}, {
  'delivery.dispatch': { one: 'Sent within {count} business day, arrives {dates}', other: 'Sent within {count} business days, arrives {dates}' },
});
