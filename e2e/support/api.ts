/** Calls the running server's API directly, for setup and checks the screens under test do not own. */
export async function apiCall<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  { token, body }: { token?: string; body?: unknown } = {},
): Promise<{ status: number; data: T }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, data: (text ? JSON.parse(text) : undefined) as T };
}

/** Logs in through POST /api/auth/login and returns the session token. */
export async function apiLogin(baseUrl: string, identifier: string, password: string) {
  const { status, data } = await apiCall<{ token?: string; message?: string }>(
    baseUrl,
    'POST',
    '/auth/login',
    { body: { identifier, password } },
  );
  if (status !== 200 || !data.token) {
    throw new Error(`login as ${identifier} failed (${status}): ${data.message ?? ''}`);
  }
  return data.token;
}

/** A POST as `token` for a journey's setup: anything but 200/201 fails the setup. */
export function setupPoster(baseUrl: string, token: string) {
  return async <T = unknown>(path: string, body: unknown): Promise<T> => {
    const { status, data } = await apiCall<T>(baseUrl, 'POST', path, { token, body });
    if (status !== 200 && status !== 201) {
      throw new Error(`POST ${path} → ${String(status)}: ${JSON.stringify(data)}`);
    }
    return data;
  };
}

/**
 * A multipart POST as `token` for a journey's setup (a product's DLL or loader): `file` under its
 * field name, beside the text `fields`; anything but 2xx fails the setup.
 */
export function setupUploader(baseUrl: string, token: string) {
  return async (
    path: string,
    file: { field: string; bytes: Uint8Array; name: string },
    fields: Record<string, string> = {},
  ): Promise<void> => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append(file.field, new Blob([new Uint8Array(file.bytes)]), file.name);
    const response = await fetch(`${baseUrl}/api${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    if (!response.ok) {
      throw new Error(`POST ${path} → ${String(response.status)}: ${await response.text()}`);
    }
  };
}
