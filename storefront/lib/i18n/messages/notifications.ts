import { messageArea } from '../message-area';

export const notificationsMessages = messageArea('notifications', {
  'notifications.title': 'Notifications',
  'notifications.bell': { one: 'Notifications, {count} unread', other: 'Notifications, {count} unread' },
  'notifications.intro': 'Works your alerts found, newest first.',
  'notifications.empty': 'Nothing yet. When a work matches one of your alerts, it shows here.',
  'notifications.markRead': 'Mark all as read',
  'notifications.for': 'For “{name}”',
  'notifications.signIn': 'Log in to see what your alerts found.',
});
