import { messageArea } from '../message-area';

export const apiMessages = messageArea('api', {
  'api.catalogueUnavailable': 'The catalogue is unavailable just now; please try again shortly.',
  'api.internal': 'Something went wrong on our side. Please try again; if it happens again, quote error {id}.',
  'api.staleLine': 'That item is no longer in your basket.',
  'api.emptyBasket': 'Your basket is empty.',
  'api.holdLimit': 'You can hold at most {limit} originals in checkout at once. Remove some from your basket, or finish a checkout first.',
  'api.usedPromo': 'The code {code} works once per customer, and it has been used on an earlier order of yours.',
  'api.checkoutSignIn': 'Please log in to check out; your basket will be kept.',
  'api.paymentRefunded': 'This payment did not become an order in time, so the whole amount goes back to your card and nothing was ordered. Please check out again.',
  'api.favouritesSignIn': 'Please log in to save favourites.',
  'api.alertsSignIn': 'Please log in to save alerts.',
  'api.alertLimit': 'You can keep at most {limit} alerts. Delete one to make room for another.',
  'api.alertNotFound': 'You have no such alert.',
  'api.alertSearch': 'The search cannot be saved: {problem}.',
}, {
  'api.catalogueUnavailable': 'The catalog is unavailable just now; please try again shortly.',
  'api.staleLine': 'That item is no longer in your cart.',
  'api.emptyBasket': 'Your cart is empty.',
  'api.holdLimit': 'You can hold at most {limit} originals in checkout at once. Remove some from your cart, or finish a checkout first.',
  'api.checkoutSignIn': 'Please log in to check out; your cart will be kept.',
  'api.favouritesSignIn': 'Please log in to save favorites.',
});
