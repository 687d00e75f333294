// The forms `chatwarden cases export --format` writes: apart from the writer (case-export.ts),
// so that reading the command line loads no CSV library.
export const EXPORT_FORMATS = ["csv", "jsonl"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
