// Defaults the CLI shows in --help; kept apart so printing help does not load SQLite or file-type.
export const DEFAULT_DB_PATH = '.data/leads.db';
export const DEFAULT_UPLOADS_DIR = '.data/uploads';
