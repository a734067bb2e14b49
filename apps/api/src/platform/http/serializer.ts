import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { isKept } from '../db/row-cache';

/** The data of an answer `{ data }` whose data a row cache keeps, else undefined. */
function keptDataOf(answer: unknown): object | undefined {
  if (typeof answer !== 'object' || answer === null || !('data' in answer)) return undefined;
  return isKept(answer.data) && Object.keys(answer).length === 1 ? answer.data : undefined;
}

/**
 * Every answer is checked against its route's schema and written as JSON by the zod serializer.
 * An answer `{ data }` built from a value a row cache keeps (decision 076: frozen, and the same
 * object until the database says it changed) is checked and written once per route and status,
 * then reused: the poll answers the same counts many times between two changes.
 */
export const serializerCompiler: typeof zodSerializerCompiler = (route) => {
  const serialize = zodSerializerCompiler(route);
  const written = new WeakMap<object, string>();
  return (answer) => {
    const data = keptDataOf(answer);
    if (!data) return serialize(answer);
    let json = written.get(data);
    if (json === undefined) {
      json = serialize(answer);
      written.set(data, json);
    }
    return json;
  };
};
