import { messageArea } from '../message-area';

export const vocabularyMessages = messageArea('vocabulary', {
  'vocabulary.watercolour': 'Watercolour',
  'vocabulary.colour': 'Colour',
  'vocabulary.coloured-pencil': 'Coloured pencil',
  'vocabulary.grey': 'Grey',
  'vocabulary.pop-art': 'Pop art',
  'vocabulary.street-art': 'Street art',
  'vocabulary.black-and-white': 'Black and white',
  'vocabulary.food-and-drink': 'Food and drink',
  'vocabulary.giclee': 'Giclée',
}, {
  'vocabulary.watercolour': 'Watercolor',
  'vocabulary.colour': 'Color',
  'vocabulary.coloured-pencil': 'Colored pencil',
  'vocabulary.grey': 'Gray',
});
