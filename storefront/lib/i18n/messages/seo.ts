import { messageArea } from '../message-area';

export const seoMessages = messageArea('seo', {
  'seo.galleryTitle': 'Original art for sale',
  'seo.galleryText': 'Paintings, sculpture, photography, drawings and limited-edition prints, each bought straight from the independent artist who made it.',
  'seo.galleryMetaTitle': 'Original art for sale from independent artists',
  'seo.galleryMetaText': 'Buy original art online: paintings, sculpture, photography, drawings and limited-edition prints, straight from independent artists.',
  'seo.landingTitle': '{original} {what} for sale',
  'seo.landingText': '{What} by independent artists, each bought straight from the artist who made it. Filter by price, size, colour and style to find the one for your wall.',
  'seo.landingMetaTitle': '{original} {what} for sale | Buy from the artists',
  'seo.landingMetaText': 'Buy {original} {what} online, straight from independent artists. Free returns on originals and secure payments.',
}, {
  'seo.landingText': '{What} by independent artists, each bought straight from the artist who made it. Filter by price, size, color and style to find the one for your wall.',
});
