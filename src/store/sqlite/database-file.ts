/** The store's file in DATA_DIR. Apart, so that naming it loads no SQLite. */
export const DATABASE_FILE = "chatwarden.sqlite";
