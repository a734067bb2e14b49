import type { FieldErrors, ValidationMessageKey } from '@lisbon/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/** The range of the `integer` columns every id and count is stored in (PostgreSQL's int4). */
export const STORABLE_INTEGER = { min: -2_147_483_648, max: 2_147_483_647 } as const;

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/** Deeper than any input of the portal; a body nested further is refused, not walked (no stack overflow). */
const MAX_DEPTH = 32;

/**
 * The values of a validated input that no database column can hold: integers past int4 and
 * strings with a NUL character (PostgreSQL refuses both; SQLite would store them). Checked
 * once, after every route's schema, so both databases answer alike with a 422 field map. A
 * route without a body schema still receives whatever JSON was sent: nesting past MAX_DEPTH is
 * refused as not valid.
 */
export function unstorableFields(input: unknown, path: readonly string[] = []): FieldErrors {
  const errors: FieldErrors = {};
  // The path of the value being visited, pushed and popped as the walk goes: no array per value.
  const at = [...path];
  const visit = (value: unknown) => {
    let key: ValidationMessageKey | null = null;
    if (at.length - path.length > MAX_DEPTH) key = 'invalidValue';
    else if (typeof value === 'number' && Number.isInteger(value))
      key = value < STORABLE_INTEGER.min || value > STORABLE_INTEGER.max ? 'numberOutOfRange' : null;
    else if (typeof value === 'string') key = value.includes('\u0000') ? 'characterNotAccepted' : null;
    else if (Array.isArray(value) || isPlainObject(value))
      for (const [name, item] of Object.entries(value)) {
        at.push(name);
        visit(item);
        at.pop();
      }
    if (key) errors[at.length > 0 ? at.join('.') : 'request'] = [key];
  };
  visit(input);
  return errors;
}

/** Refuses, after validation and before any handler, input the database could not store. */
export function registerStorableInputCheck(app: FastifyInstance): void {
  // A hook that calls `done`, not an async one: it runs on every call, and a promise each time costs.
  app.addHook('preHandler', (request, _reply, done) => {
    const errors = {
      ...unstorableFields(request.params),
      ...unstorableFields(request.query),
      ...unstorableFields(request.body),
    };
    done(Object.keys(errors).length > 0 ? new AppError('VALIDATION_FAILED', { errors }) : undefined);
  });
}
