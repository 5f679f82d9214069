/** /shop/page-data/, one of the API's addresses outside /api/ (lib/api/app.ts). */
export { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } from '../../../lib/api/route-handlers';
