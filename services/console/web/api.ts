/** The console API from the page: same origin, the session cookie, and the CSRF token on every state change. */
let csrf = ''

export interface Me {
  email: string
  tenant_id: string
  role: 'analyst' | 'lead'
  csrf: string
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(method === 'GET' ? {} : { 'x-csrf-token': csrf }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  if (res.status === 204) return undefined as T
  const data = (await res.json().catch(() => ({}))) as T & { error?: string }
  if (!res.ok) throw new ApiError(res.status, data.error ?? res.statusText)
  return data
}

export const api = {
  async me(): Promise<Me | undefined> {
    try {
      const me = await call<Me>('GET', '/api/me')
      csrf = me.csrf
      return me
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return undefined
      throw error
    }
  },
  async signIn(email: string, password: string): Promise<Me> {
    const me = await call<Me>('POST', '/api/sign-in', { email, password })
    csrf = me.csrf
    return me
  },
  signOut: () => call<void>('POST', '/api/sign-out'),
  get: <T>(path: string) => call<T>('GET', path),
  post: <T>(path: string, body?: unknown) => call<T>('POST', path, body ?? {}),
}
