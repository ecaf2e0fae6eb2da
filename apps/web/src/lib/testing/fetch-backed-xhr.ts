/**
 * XMLHttpRequest for component tests, sending through `fetch`, which the tests stub; so an upload
 * goes to the same stubbed API as every other call. Before answering it reports upload progress
 * (half the body, then all of it) as a browser does; `holdUploads()` stops it at half way until
 * released, for tests that look at the progress or cancel.
 */
type Handler = ((event: ProgressEvent) => void) | null;

let gate: Promise<void> | null = null;

/** Uploads stop at half way until the returned function is called. */
export function holdUploads(): () => void {
  let release = () => undefined as void;
  gate = new Promise<void>((resolve) => {
    release = () => {
      gate = null;
      resolve();
    };
  });
  return release;
}

const bodySize = (body: unknown): number => {
  if (!(body instanceof FormData)) return typeof body === 'string' ? body.length : 0;
  let size = 200;
  for (const [, value] of body.entries()) size += typeof value === 'string' ? value.length + 100 : value.size + 150;
  return size;
};

const progress = (loaded: number, total: number) =>
  ({ lengthComputable: true, loaded, total }) as unknown as ProgressEvent;

export class FetchBackedXhr {
  status = 0;
  responseText = '';
  onload: Handler = null;
  onerror: Handler = null;
  onabort: Handler = null;
  readonly upload: { onprogress: Handler; onload: Handler } = { onprogress: null, onload: null };
  private method = 'GET';
  private url = '';
  private headers: Record<string, string> = {};
  private aborted = false;
  private controller = new AbortController();

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.controller.abort();
    this.onabort?.(progress(0, 0));
  }

  send(body?: Document | XMLHttpRequestBodyInit | null): void {
    void this.run(body);
  }

  private async run(body: unknown): Promise<void> {
    const total = bodySize(body);
    await Promise.resolve();
    if (this.aborted) return;
    this.upload.onprogress?.(progress(Math.floor(total / 2), total));
    if (gate) await gate;
    if (this.aborted) return;
    this.upload.onprogress?.(progress(total, total));
    this.upload.onload?.(progress(total, total));
    try {
      const response = await fetch(this.url, {
        method: this.method,
        headers: this.headers,
        body: body as BodyInit,
        signal: this.controller.signal,
      });
      if (this.aborted) return;
      this.status = response.status;
      this.responseText = await response.text();
      this.onload?.(progress(total, total));
    } catch {
      if (!this.aborted) this.onerror?.(progress(0, 0));
    }
  }
}
