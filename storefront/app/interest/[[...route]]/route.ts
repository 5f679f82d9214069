/** Every address under /interest/: the storefront's API outside /api/ (lib/api/app.ts); one it does not name is its 404. */
export { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } from '../../../lib/api/route-handlers';
