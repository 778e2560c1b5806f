import type { Migration } from './migration';

/** Tables whose rows a model list answer is made of, with the columns it reads where not all of them. */
const listSources: readonly { table: string; columns?: string }[] = [
  { table: 'models' },
  { table: 'model_permissions' },
  { table: 'versions' },
  { table: 'reports' },
  { table: 'report_assignees' },
  { table: 'organizations', columns: 'name, owner_id' },
  { table: 'users', columns: 'email, first_name, last_name, avatar_url' },
];

/**
 * A number that grows whenever anything a model list shows may have changed (issue #22's list load): a server
 * keeps each list answer with the generation its snapshot read, and serves it again while the generation is the
 * same, on every instance sharing the database.
 *
 * The bump is a deferred constraint trigger, so it runs at commit (once per transaction: a transaction-local
 * setting remembers it) and holds the counter's row lock only while committing; a writer's rows and its bump
 * become visible together, so a snapshot that reads generation g has seen every change counted in g. TRUNCATE
 * cannot have constraint triggers; a statement trigger bumps at once.
 */
export const modelListGeneration: Migration = {
  version: 11,
  name: 'model_list_generation',
  sql: `
    CREATE TABLE model_list_generation (
      single boolean PRIMARY KEY DEFAULT true CHECK (single),
      generation bigint NOT NULL
    );
    INSERT INTO model_list_generation (generation) VALUES (1);

    CREATE FUNCTION gusset_bump_model_list_generation() RETURNS trigger
      LANGUAGE plpgsql AS $$
        BEGIN
          IF current_setting('gusset.model_list_bumped', true) IS DISTINCT FROM 'yes' THEN
            UPDATE model_list_generation SET generation = generation + 1;
            PERFORM set_config('gusset.model_list_bumped', 'yes', true);
          END IF;
          RETURN NULL;
        END
      $$;

    ${listSources
      .map(
        ({ table, columns }) => `
    CREATE CONSTRAINT TRIGGER ${table}_model_list_generation
      AFTER INSERT OR UPDATE${columns ? ` OF ${columns}` : ''} OR DELETE ON ${table}
      DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION gusset_bump_model_list_generation();
    CREATE TRIGGER ${table}_model_list_generation_truncate
      AFTER TRUNCATE ON ${table}
      FOR EACH STATEMENT EXECUTE FUNCTION gusset_bump_model_list_generation();`,
      )
      .join('\n')}
  `,
};
