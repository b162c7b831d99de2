import { classify, NETWORK_ERROR } from './errors';
import { session } from './session';

export interface DownloadProgress {
  received: number;
  /** The size announced up front: Content-Length, else X-Total-Bytes (an estimate for a streamed zip); null if none. */
  total: number | null;
  exact: boolean;
  /** X-Total-Files: how many files the server is packing, when it says. */
  files: number | null;
}

export interface DownloadedFile {
  blob: Blob;
  name: string;
}

export class DownloadError extends Error {}

const header = (reply: Response, name: string) => {
  const value = Number(reply.headers.get(name) ?? Number.NaN);
  return Number.isFinite(value) && value >= 0 ? value : null;
};

/** The file name of a Content-Disposition: filename*=UTF-8''… first (our Chinese names), else filename="…". */
export function dispositionName(value: string | null, fallback: string): string {
  const star = value && /filename\*=UTF-8''([^;]+)/i.exec(value);
  if (star) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through to the plain name
    }
  }
  const plain = value && /filename="([^"]+)"/i.exec(value);
  return plain ? plain[1] : fallback;
}

/**
 * Fetches a file the page will save itself, reporting each chunk, so a long download (a zip streamed as it is built)
 * can show how far it is. The chunks are folded into Blob parts as they come, which the browser may keep on disk.
 * Fails with a DownloadError whose message is for the user.
 */
export async function fetchDownload(url: string, opts: { signal?: AbortSignal; onProgress?: (p: DownloadProgress) => void } = {}): Promise<DownloadedFile> {
  // The token goes to this site only, never to a file hosted elsewhere (a resource link an operator configured).
  const token = new URL(url, window.location.href).origin === window.location.origin ? session.token() : null;
  let reply: Response;
  try {
    reply = await fetch(url, { signal: opts.signal, headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new DownloadError(opts.signal?.aborted ? '已取消下载' : NETWORK_ERROR);
  }
  if (!reply.ok || !reply.body) {
    const body: unknown = await reply.json().catch(() => null);
    throw new DownloadError(classify(reply.status, body).message);
  }
  const length = header(reply, 'content-length');
  const progress: DownloadProgress = {
    received: 0, total: length ?? header(reply, 'x-total-bytes'), exact: length !== null, files: header(reply, 'x-total-files'),
  };
  opts.onProgress?.({ ...progress });
  const parts: Blob[] = [];
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const reader = reply.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pending.push(value);
      pendingBytes += value.byteLength;
      progress.received += value.byteLength;
      if (pendingBytes > 8 * 1024 * 1024) {
        parts.push(new Blob(pending as BlobPart[]));
        pending = [];
        pendingBytes = 0;
      }
      opts.onProgress?.({ ...progress });
    }
  } catch {
    throw new DownloadError(opts.signal?.aborted ? '已取消下载' : '下载中断：网络连接或服务器出错，请重试');
  }
  parts.push(new Blob(pending as BlobPart[]));
  const type = reply.headers.get('content-type') ?? 'application/octet-stream';
  return { blob: new Blob(parts, { type }), name: dispositionName(reply.headers.get('content-disposition'), 'download') };
}

/** Hands a fetched file to the browser's own download (its name from the server). */
export function saveFile(file: DownloadedFile): void {
  const href = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = file.name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The browser has taken the file once the click is handled; the address is freed a while later.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
