import { Button, Group, Image, SimpleGrid, Text } from '@mantine/core';
import { useState } from 'react';
import type { LandingProps } from './schema.gen';

/** Filter buttons over the gallery; the active one is disabled (spec) but drawn as chosen, `all` shows every image. */
export function Gallery({ gallery }: { gallery: LandingProps['gallery'] }) {
  const [active, setActive] = useState(gallery.filters[0]?.key ?? 'all');
  const shown = active === 'all' ? gallery.images : gallery.images.filter((img) => img.category === active);
  return (
    <>
      <Group justify="center" gap="sm" mb="lg">
        {gallery.filters.map((f) => (
          <Button key={f.key} variant={f.key === active ? 'filled' : 'default'} disabled={f.key === active} aria-pressed={f.key === active}
            className="landing-filter" onClick={() => setActive(f.key)} data-testid={`gallery-filter-${f.key}`}>
            {f.label}
          </Button>
        ))}
      </Group>
      <SimpleGrid cols={3} spacing="lg" data-testid="gallery">
        {shown.map((img) => (
          <figure key={img.src} className="landing-figure">
            <Image src={img.src} alt={img.caption} radius="md" />
            <Text component="figcaption" size="sm" ta="center" mt={6}>{img.caption}</Text>
          </figure>
        ))}
      </SimpleGrid>
    </>
  );
}
