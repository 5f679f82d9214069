/** Every address under /api/: the storefront's API (lib/api/app.ts); one it does not name is its 404. */
export { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } from '../../../lib/api/route-handlers';
