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
  const compiled = new Map<Dialect, CompiledQuery<Row>>();
  return async (db: Db, ...values: Args): Promise<Row[]> => {
    const dialect = dialectOf(db);
    let query = compiled.get(dialect);
    if (!query) {
      query = build(db, ...(values.map((_v, i) => new Slot(i)) as Args)).compile();
      compiled.set(dialect, query);
    }
    const parameters = query.parameters.map((p) => (p instanceof Slot ? values[p.index] : p));
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
