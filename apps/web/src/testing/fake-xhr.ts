import { vi } from 'vitest';

/** A stand-in XMLHttpRequest answering every upload with `status` and `body`. */
export function fakeXhr(status: number, body: unknown) {
  const sent: { method: string; url: string; form: FormData }[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload = { onprogress: null as ((event: ProgressEvent) => void) | null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private method = '';
    private url = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    send(form: FormData) {
      sent.push({ method: this.method, url: this.url, form });
      setTimeout(() => {
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
