/** A node of the category tree reply (spec: value, label, count, children; link null = not open yet). */
export interface CategoryNode {
  value: number | string;
  label: string;
  count?: number;
  link?: string | null;
  children?: CategoryNode[];
}
