// Generated from schema.json by npm run config:schema — edit the schema, not this file.

export interface NoticeProps {
  title: string;
  subtitle?: string;
  tone?: 'warning' | 'info' | 'success';
}
