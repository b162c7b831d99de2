/** Spec §5 course brief: text longer than `longerThan` characters is cut to `cutTo` characters plus an ellipsis. */
export function briefText(text: string, longerThan: number, cutTo: number): string {
  const chars = [...text];
  return chars.length > longerThan ? `${chars.slice(0, cutTo).join('')}...` : text;
}
