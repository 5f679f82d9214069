import { messageArea } from '../message-area';

export const refusalMessages = messageArea('refusal', {
  'refusal.name': 'Enter the full name of the person the parcel is for.',
  'refusal.line1': 'Enter the first line of the address.',
  'refusal.city': 'Enter the town or city.',
  'refusal.postcode': 'Enter the postcode: addresses in this country have one.',
  'refusal.postcodeFormat': 'Check the postcode: it is not one of this country’s.',
  'refusal.country': 'Choose the country from the list.',
  'refusal.tooLong': 'This line of the address is too long: shorten it.',
  'refusal.cardNumber': 'Enter the card number as it is printed on the card: 12 to 19 digits.',
  'refusal.expiry': 'Enter the expiry as MM/YY, as it is printed on the card.',
  'refusal.cardExpired': 'This card has expired: check the expiry date, or use another card.',
  'refusal.cvc': 'Enter the security code: the 3 or 4 digits on the back of the card.',
}, {
  'refusal.postcode': 'Enter the ZIP or postal code: addresses in this country have one.',
  'refusal.postcodeFormat': 'Check the ZIP or postal code: it is not one of this country’s.',
});
