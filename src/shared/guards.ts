/**
 * Small runtime validators for values that cross a trust boundary (IPC, HTTP, files). Each
 * guard turns an `unknown` into a typed value or throws ValidationError naming the bad field.
 */
export class ValidationError extends Error {
  override name = 'ValidationError'
}

export type Guard<T> = (value: unknown, path?: string) => T

const fail = (path: string, expected: string, value: unknown): never => {
  const got = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value
  throw new ValidationError(`${path || 'argument'} must be ${expected}, got ${got}`)
}

export const string =
  (options: { maxLength?: number; pattern?: RegExp } = {}): Guard<string> =>
  (value, path = '') => {
    if (typeof value !== 'string') return fail(path, 'a string', value)
    if (value.length > (options.maxLength ?? 10_000)) return fail(path, `at most ${options.maxLength ?? 10_000} characters`, value)
    if (options.pattern && !options.pattern.test(value)) return fail(path, `a string matching ${options.pattern}`, value)
    return value
  }

export const number =
  (options: { min?: number; max?: number; integer?: boolean } = {}): Guard<number> =>
  (value, path = '') => {
    const { min = -Infinity, max = Infinity, integer = false } = options
    if (typeof value !== 'number' || !Number.isFinite(value)) return fail(path, 'a finite number', value)
    if (integer && !Number.isInteger(value)) return fail(path, 'a whole number', value)
    if (value < min || value > max) throw new ValidationError(`${path || 'argument'} must be between ${min} and ${max}, got ${value}`)
    return value
  }

export const boolean =
  (): Guard<boolean> =>
  (value, path = '') =>
    typeof value === 'boolean' ? value : fail(path, 'true or false', value)

export const literal =
  <const T extends readonly (string | number)[]>(...allowed: T): Guard<T[number]> =>
  (value, path = '') =>
    allowed.includes(value as T[number]) ? (value as T[number]) : fail(path, `one of ${allowed.join(', ')}`, value)

export const bytes =
  (options: { maxLength: number }): Guard<Uint8Array> =>
  (value, path = '') => {
    if (!(value instanceof Uint8Array)) return fail(path, 'binary data', value)
    if (value.byteLength > options.maxLength) throw new ValidationError(`${path || 'argument'} is larger than ${options.maxLength} bytes`)
    return value
  }

export const nullable =
  <T>(guard: Guard<T>): Guard<T | null> =>
  (value, path) =>
    value === null ? null : guard(value, path)

export const optional =
  <T>(guard: Guard<T>): Guard<T | undefined> =>
  (value, path) =>
    value === undefined ? undefined : guard(value, path)

export const none =
  (): Guard<void> =>
  (value, path = '') =>
    value === undefined || value === null ? undefined : fail(path, 'empty', value)

export const array =
  <T>(guard: Guard<T>, options: { maxLength?: number } = {}): Guard<T[]> =>
  (value, path = '') => {
    if (!Array.isArray(value)) return fail(path, 'an array', value)
    if (value.length > (options.maxLength ?? 1000)) throw new ValidationError(`${path || 'argument'} has too many items`)
    return value.map((item, i) => guard(item, `${path}[${i}]`))
  }

/** A JSON-like object: not null, not an array, made by `{}` or JSON.parse (no class instances). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const proto = Object.getPrototypeOf(value) as unknown
  return proto === Object.prototype || proto === null
}

/**
 * A plain object with exactly these keys: unknown keys are refused, however they are spelled
 * (`constructor`, `__proto__` and `toString` are keys like any other, never looked up through the
 * prototype), and each field's guard decides whether it may be missing.
 */
export const object =
  <S extends Record<string, Guard<unknown>>>(shape: S): Guard<{ [K in keyof S]: ReturnType<S[K]> }> =>
  (value, path = '') => {
    if (!isPlainObject(value)) return fail(path, 'an object', value)
    for (const key of Object.keys(value)) {
      if (!Object.hasOwn(shape, key)) throw new ValidationError(`${path ? `${path}.` : ''}${key} is not allowed`)
    }
    const out: Record<string, unknown> = {}
    for (const [key, guard] of Object.entries(shape)) {
      const field = guard(Object.hasOwn(value, key) ? value[key] : undefined, path ? `${path}.${key}` : key)
      if (field !== undefined) out[key] = field
    }
    return out as { [K in keyof S]: ReturnType<S[K]> }
  }

/** Any value but a missing one (the field's own validator checks what it is). */
export const present =
  (): Guard<unknown> =>
  (value, path = '') =>
    value === undefined ? fail(path, 'given', value) : value

/** Like `object`, but every field may be left out (for settings patches). */
export const partial = <S extends Record<string, Guard<unknown>>>(shape: S): Guard<{ [K in keyof S]?: ReturnType<S[K]> }> =>
  object(Object.fromEntries(Object.entries(shape).map(([k, g]) => [k, optional(g)])) as S)
