import { messageArea } from '../message-area';

export const followingMessages = messageArea('following', {
  'following.title': 'New from artists you follow',
  'following.text': 'The newest work by every artist you follow, as it arrives.',
  'following.signIn': 'Log in to see new work by the artists you follow.',
  'following.empty': 'You follow no artists yet, or they have nothing new for sale. Follow an artist from their page.',
});
