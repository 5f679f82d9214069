/** Every address under /api/: the storefront's API (lib/api/app.ts). */
export { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } from '../../../lib/api/route-handlers';
