import { createHash } from 'node:crypto';

/**
 * The name of a named prepared statement for `text`: `prefix` and a digest of the SQL. A digest of
 * the text, because node-postgres refuses one name for two texts on a connection, and PostgreSQL
 * keeps a name per connection for as long as the connection lives.
 */
export function statementName(prefix: string, text: string): string {
  return `${prefix}_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
}
