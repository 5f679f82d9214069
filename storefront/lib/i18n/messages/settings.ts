import { messageArea } from '../message-area';

export const settingsMessages = messageArea('settings', {
  'settings.title': 'Your settings',
  'settings.summary': '{currency} · {units} · ships to {country}',
  'settings.summaryShort': '{currency} · {country}',
  'settings.currency': 'Currency',
  'settings.country': 'Ships to',
  'settings.units': 'Sizes in',
  'settings.language': 'Language',
  'settings.units.cm': 'Centimetres',
  'settings.units.in': 'Inches',
  'settings.saving': 'Saving…',
  'settings.saved': 'Settings saved',
  'settings.savedText': 'Prices in {currency}, sizes in {units}, shipping to {country}.',
  'settings.saveFailed': 'Your settings could not be saved',
  'settings.saveFailedText': 'Please try again in a moment.',
  'settings.credit': '10% off your order with the code {code}',
}, {
  'settings.units.cm': 'Centimeters',
});
