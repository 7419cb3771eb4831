import pg from 'pg';

/** Runs one statement on the server's maintenance database (CREATE / DROP DATABASE). */
export async function runAdminStatement(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
