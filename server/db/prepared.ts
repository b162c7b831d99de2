import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from '.';
import { dialectOf, type Dialect } from './ddl';

/** Stands for the i-th value of a prepared query's call. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A query on the hot path, built and compiled by Kysely once per SQL dialect and then run with each call's values on
 * the handle given (the database or a transaction of it): building and compiling cost the server several times the
 * CPU of running such a query.
 * `build` receives placeholders in place of the values. They may only be used as plain values (compared, inserted,
 * `eb.val`), never to decide the query's shape, since the shape is fixed by the first call.
 */
export function preparedQuery<Row, Args extends unknown[]>(build: (db: Db, ...values: Args) => Compilable<Row>) {
  const byDialect = new Map<Dialect, CompiledQuery<Row>>();
  const byHandle = new WeakMap<Db, CompiledQuery<Row>>(); // the common case without asking the handle its dialect
  return async (db: Db, ...values: Args): Promise<Row[]> => {
    let query = byHandle.get(db);
    if (!query) {
      const dialect = dialectOf(db);
      query = byDialect.get(dialect) ?? build(db, ...(values.map((_v, i) => new Slot(i)) as Args)).compile();
      byDialect.set(dialect, query);
      byHandle.set(db, query);
    }
    const parameters = query.parameters.map((p) => (p instanceof Slot ? values[p.index] : p));
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
