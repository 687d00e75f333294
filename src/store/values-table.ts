// Rows from the code as a table a statement can join, so that one UPDATE … FROM writes a batch of
// rows each with values of its own: `(VALUES (…), (…)) AS name`, the same on SQLite (3.33 and
// later) and PostgreSQL. Both engines name its columns column1, column2… (SQLite takes no column
// list after the alias, so those are the names to use). PostgreSQL takes a parameter in VALUES
// for text unless told otherwise: the first row's values are cast to their column's type, and
// PostgreSQL gives the column's other parameters that type (it resolves a VALUES column from all
// its rows). The casts are not repeated on every row: each is nodes for the query builder to
// compile, and a batch has thousands of rows.
import { type AliasedRawBuilder, sql } from "kysely";

/** The SQL types a column of a values table may have (both engines know them). */
export type ValuesColumnType = "BIGINT" | "INTEGER" | "TEXT";

/**
 * `rows` as the table `name`, each row's values in the order of `types`; `Row` names them
 * column1, column2… with their TypeScript types.
 */
export function valuesTable<Row extends Record<string, unknown>, Name extends string>(
  name: Name,
  types: readonly ValuesColumnType[],
  rows: readonly (readonly unknown[])[],
): AliasedRawBuilder<Row, Name> {
  const tuples = rows.map((row, index) =>
    index === 0
      ? sql`(${sql.join(types.map((type, column) => sql`CAST(${row[column]} AS ${sql.raw(type)})`))})`
      : sql`(${sql.join(row)})`,
  );
  return sql<Row>`(VALUES ${sql.join(tuples)})`.as(name);
}
