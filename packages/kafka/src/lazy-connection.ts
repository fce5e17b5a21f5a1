/**
 * A connection opened on first use and shared by every later use; a failed open is forgotten, so the next
 * use tries again instead of inheriting the failure. The event bus keeps its producer and its readiness
 * probe's admin connection this way.
 */
export interface LazyConnection<T> {
  /** The open connection, opening it if none is open or opening. */
  get(): Promise<T>
  /** The connection open or opening, if any (not opened by asking). */
  current(): Promise<T> | undefined
  /** Forgets the connection: the next `get` opens a new one. */
  forget(): void
}

export function lazyConnection<T>(open: () => Promise<T>): LazyConnection<T> {
  let connection: Promise<T> | undefined
  return {
    get() {
      connection ??= open()
      // A failed open must not poison later attempts.
      connection.catch(() => {
        connection = undefined
      })
      return connection
    },
    current: () => connection,
    forget() {
      connection = undefined
    },
  }
}
