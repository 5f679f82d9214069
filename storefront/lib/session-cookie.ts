/**
 * The session cookie (SPEC §3): a visitor's, set by their first recorded view, or a signed-in
 * user's. Its name alone, for code that server.ts loads outside Next.js (lib/session.ts needs it).
 */
export const SESSION_COOKIE = 'sessionid';
