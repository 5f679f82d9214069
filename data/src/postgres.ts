import {
  AlterTableNode, CreateTableNode, DataTypeNode, Kysely, OperationNodeTransformer, PostgresDialect, type ColumnDefinitionNode, type KyselyPlugin,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

/** The PostgreSQL side of the catalogue's database (`DATABASE_URL=postgres://…`, shared by replicas). */

/**
 * The migrations are written as SQLite reads them; on PostgreSQL an auto-incremented integer key
 * becomes `serial` and a `real` (eight bytes in SQLite, four in PostgreSQL) `double precision`.
 */
class PostgresSchemaTransformer extends OperationNodeTransformer {
  protected override transformColumnDefinition(node: ColumnDefinitionNode): ColumnDefinitionNode {
    const column = super.transformColumnDefinition(node);
    if (column.autoIncrement) return { ...column, autoIncrement: false, dataType: DataTypeNode.create('serial') };
    if (DataTypeNode.is(column.dataType) && column.dataType.dataType === 'real') return { ...column, dataType: DataTypeNode.create('double precision') };
    return column;
  }
}
/** Only DDL is rewritten: every other query goes through untouched, with no tree walked. */
const postgresSchema: KyselyPlugin = {
  transformQuery: ({ node }) => (CreateTableNode.is(node) || AlterTableNode.is(node) ? new PostgresSchemaTransformer().transformNode(node) : node),
  transformResult: async ({ result }) => result,
};

/** PostgreSQL's 8-byte integers (counts, sums) and numerics come back as numbers, as SQLite's do. */
const INT8 = 20;
const NUMERIC = 1700;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 || oid === NUMERIC ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * What a pool does with an error on a connection it holds idle (the server restarted, a failover,
 * the network dropped it): the pool has already let that connection go and opens another when
 * next asked, so the error is reported, not thrown, and the process carries on.
 */
export function reportPoolError(error: Error): void {
  console.warn(`PostgreSQL: an idle pooled connection failed and was dropped (${error.message}); the next query opens another.`);
}

/** A pool of up to `max` connections to the PostgreSQL database at `url`; `onError` hears of each idle connection lost. */
export function postgresPool(url: string, max: number, onError: (error: Error) => void = reportPoolError): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, types });
  pool.on('error', onError);
  // A connection lost while a query holds it fails that query (and any next one on it, at once),
  // and the pool drops it when it comes back; the client's own error event, then heard by no one,
  // would otherwise end the process.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

export function connectPostgres<DB = Database>(url: string): Kysely<DB> {
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool: postgresPool(url, 10) }), plugins: [postgresSchema] });
}
