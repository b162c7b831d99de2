// Mirrors schema.json (hand-written; keep both in step).
export interface TabItem {
  key: string;
  label: string;
  screen: string;
}

export interface TabsProps {
  tabs: TabItem[];
  param?: string;
  placeholder?: string;
}
