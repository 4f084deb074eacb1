/**
 * Media uploads and look-ups. Uploads use XMLHttpRequest because fetch cannot
 * report upload progress; the Bearer token comes from the same token provider
 * as every other call.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api, getIdToken } from '../../api-client.js';
import { isErrorCode, messageByCode, type ErrorCode } from '../../../shared/errors.js';
import { mediaApi, mediaInfoSchema } from '../../../shared/media-library.js';
import { imageTypesText, maxUploadBytes, maxUploadText, mediaUrl, pdfTypes, type MediaInfo } from '../../../shared/media.js';

// The upload rules live in src/shared/media.ts; kept importable from here for the screens.
export { imageTypes, maxUploadBytes, pdfTypes } from '../../../shared/media.js';

export { mediaInfoSchema } from '../../../shared/media-library.js';

/** Refuses what the server would refuse, before spending the user's bandwidth. */
export function checkUpload(file: File, accept: readonly string[]): string | null {
  if (!accept.includes(file.type)) {
    return accept === pdfTypes ? 'Choose a PDF file.' : `Choose a ${imageTypesText} image.`;
  }
  if (file.size > maxUploadBytes) return `This file is larger than ${maxUploadText}. Choose a smaller one.`;
  return null;
}

function errorFromXhr(xhr: XMLHttpRequest): ApiError {
  let code: ErrorCode = xhr.status === 413 ? 'out-of-range' : xhr.status >= 500 ? 'internal' : 'unknown';
  let message: string = xhr.status === 413 ? `This file is larger than ${maxUploadText}. Choose a smaller one.` : messageByCode[code];
  try {
    const body = JSON.parse(xhr.responseText) as { error?: { code?: unknown; message?: unknown } };
    if (isErrorCode(body.error?.code)) code = body.error.code;
    if (typeof body.error?.message === 'string') message = body.error.message;
  } catch {
    // Not JSON: keep the status-based message.
  }
  return new ApiError(code, message, xhr.status);
}

export interface UploadHandle {
  promise: Promise<MediaInfo>;
  abort(): void;
}

/** POST the file (to /api/media, or to a picture's replace path), reporting progress from 0 to 1. */
export function uploadMedia(file: File, onProgress: (fraction: number) => void, target: string = mediaApi.list): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = (async () => {
    const token = await getIdToken();
    return new Promise<MediaInfo>((resolve, reject) => {
      xhr.open('POST', target);
      xhr.setRequestHeader('accept', 'application/json');
      if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) onProgress(e.loaded / e.total);
      };
      xhr.onload = () => {
        if (xhr.status >= 200 && xhr.status < 300) {
          try {
            resolve(mediaInfoSchema.parse(JSON.parse(xhr.responseText)));
          } catch {
            reject(new ApiError('unknown', messageByCode.unknown, xhr.status));
          }
        } else reject(errorFromXhr(xhr));
      };
      xhr.onerror = () => reject(new ApiError('unavailable', messageByCode.unavailable, 0));
      xhr.onabort = () => reject(new ApiError('cancelled', messageByCode.cancelled, 0));
      const form = new FormData();
      form.append('file', file, file.name);
      xhr.send(form);
    });
  })();
  return { promise, abort: () => xhr.abort() };
}

/** One picture's description, cached under `['media', id]` for every screen (widgets, checks, library). */
export function mediaInfoQuery(id: string) {
  return queryOptions({
    queryKey: ['media', id] as const,
    queryFn: async ({ signal }) => mediaInfoSchema.parse(await api<unknown>(mediaApi.one(id), { signal })),
    // Changes made in the library invalidate ['media'] (media/api.ts).
    staleTime: Infinity,
  });
}

export function useMediaInfo(id: string | null | undefined) {
  return useQuery({ ...mediaInfoQuery(id ?? ''), enabled: Boolean(id) });
}

/** The 480 px preview when the image has one (small originals have none), else the original. */
export function previewUrl(id: string, info?: MediaInfo): string {
  if (!info) return mediaUrl(id, '480');
  return info.variants[0]?.url ?? info.url;
}
