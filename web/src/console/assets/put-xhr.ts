// The PUT to the presigned URL with XMLHttpRequest, because fetch reports no upload progress.
import { storageRefusal } from './storage-refusal.ts';
import type { PutBytes } from './upload.ts';

export class UploadRefused extends Error {
  override name = 'UploadRefused';
}

export const putWithXhr: PutBytes = (request, onProgress, signal) =>
  new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', request.url);
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) =>
      onProgress(event.loaded, event.lengthComputable ? event.total : request.body.size);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(request.body.size, request.body.size);
        resolve();
      } else reject(new UploadRefused(storageRefusal(xhr.status, xhr.responseText)));
    };
    // No status at all: the storage was unreachable, or it answered without CORS headers.
    xhr.onerror = () =>
      reject(
        new UploadRefused('The file could not be sent to storage (no answer). Check your connection and try again.'),
      );
    xhr.onabort = () => reject(new UploadRefused('The upload was cancelled.'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(request.body);
  });
