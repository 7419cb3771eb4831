import pg from 'pg';

/**
 * Runs statements one after another, each on its own, on the server's maintenance database
 * (CREATE / ALTER / DROP DATABASE, which may not share a transaction), over one connection.
 */
export async function runAdminStatement(adminUrl: string, ...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}
