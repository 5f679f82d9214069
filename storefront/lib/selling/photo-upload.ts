import { apiErrorBodySchema } from '@easel/shared/api-error-body';
import { ApiResponseError } from '../api/client';

/** A photo's upload may take this long on a slow phone connection before it is given up. */
export const PHOTO_UPLOAD_TIMEOUT_MS = 120_000;

export interface PhotoUpload<T> {
  /** The server's answer, parsed; an ApiResponseError for a refusal (its own words), an Error when the connection fails. */
  done: Promise<T>;
  abort: () => void;
}

/**
 * Sends one file as a multipart form to `url` (the API's photo address), reporting the share of
 * its bytes sent so far (0 to 1). XMLHttpRequest, because fetch reports no upload progress in
 * Chromium without a streamed body, which needs HTTP/2. The page's own origin, so the same-site
 * check sees `Sec-Fetch-Site: same-origin` as for every other write:
 * uploadPhoto('/api/artist/works/7/photos/', file, (p) => …).done -> { photo: { id, … } }.
 */
export function uploadPhoto<T>(url: string, file: File, onProgress: (share: number) => void, field = 'file'): PhotoUpload<T> {
  const request = new XMLHttpRequest();
  const done = new Promise<T>((resolve, reject) => {
    request.open('POST', url);
    request.setRequestHeader('Accept', 'application/json');
    request.timeout = PHOTO_UPLOAD_TIMEOUT_MS;
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300) return resolve(body as T);
      const problem = apiErrorBodySchema.safeParse(body);
      reject(problem.success
        ? new ApiResponseError(problem.data.error.message, request.status, problem.data.error.code, problem.data.error.param)
        : new ApiResponseError(`The server answered ${request.status}.`, request.status, undefined));
    });
    request.addEventListener('error', () => reject(new Error('network')));
    request.addEventListener('timeout', () => reject(new Error('timeout')));
    request.addEventListener('abort', () => reject(new DOMException('The upload was stopped.', 'AbortError')));
    const form = new FormData();
    form.append(field, file, file.name);
    request.send(form);
  });
  return { done, abort: () => request.abort() };
}
