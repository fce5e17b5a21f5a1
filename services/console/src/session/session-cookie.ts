import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'

/** `__Host-` binds the cookie to this origin over TLS (Secure, Path=/, no Domain); plain HTTP keeps a plain name. */
export const sessionCookieName = (secure: boolean) => (secure ? '__Host-rv_console' : 'rv_console')

export function readSessionCookie(c: Context, secure: boolean): string | undefined {
  return getCookie(c, sessionCookieName(secure))
}

/** HttpOnly (scripts cannot read it), SameSite=Strict (never sent by another site), Secure behind TLS. */
export function writeSessionCookie(c: Context, token: string, secure: boolean, maxAgeMs: number): void {
  setCookie(c, sessionCookieName(secure), token, {
    httpOnly: true,
    secure,
    sameSite: 'Strict',
    path: '/',
    maxAge: Math.floor(maxAgeMs / 1000),
  })
}

export function clearSessionCookie(c: Context, secure: boolean): void {
  deleteCookie(c, sessionCookieName(secure), { path: '/', secure })
}
