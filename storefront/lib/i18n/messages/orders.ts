import { messageArea } from '../message-area';

export const ordersMessages = messageArea('orders', {
  'orders.title': 'Your orders',
  'orders.empty': 'You have not placed an order yet.',
  'orders.signIn': 'Please sign in to see your orders.',
  'orders.number': 'Order {id}',
  'orders.placedOn': 'Placed on {date}',
  'orders.status.placed': 'Placed',
  'orders.status.paid': 'Paid',
  'orders.status.cancelled': 'Cancelled',
  'orders.paymentReference': 'Payment reference {reference}',
}, {
  'orders.status.cancelled': 'Canceled',
});
