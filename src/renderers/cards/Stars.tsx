import classes from './cards.module.css';

const STAR = 'M12 17.75l-6.172 3.245l1.179 -6.873l-5 -4.867l6.9 -1l3.086 -6.253l3.086 6.253l6.9 1l-5 4.867l1.179 6.873z';

function Row() {
  return Array.from({ length: 5 }, (_, i) => (
    <svg key={i} viewBox="0 0 24 24" className={classes.star} aria-hidden="true"><path d={STAR} /></svg>
  ));
}

/**
 * A read-only star figure (value of 5, to a tenth): grey stars under gold ones cut to the value's width. Mantine's
 * Rating draws a radio input and label per tenth of every star (51 inputs a card), which cost the first render of
 * the catalogue more than the rest of the card.
 */
export function Stars({ value, label }: { value: number; label: string }) {
  const filled = `${Math.min(100, Math.max(0, (value / 5) * 100))}%`;
  return (
    <span className={classes.stars} role="img" aria-label={label}>
      <span className={classes.starsEmpty}><Row /></span>
      <span className={classes.starsFilled} style={{ width: filled }}><Row /></span>
    </span>
  );
}
