/** One schema change. Its own file so each migration imports the type without importing the list of them all. */
export interface Migration {
  /** Strictly increasing; a released version is never edited, only followed by a new one. */
  version: number;
  name: string;
  sql: string;
}
