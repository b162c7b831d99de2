import { AspectRatio, Box, Group, Image, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { IMAGE_PLACEHOLDER } from '../ui/placeholder';
import { formatText } from '../format/format';
import type { DetailProps } from './schema.gen';

/** The course's images and videos: one large viewer and a row of thumbnails to pick from. */
export function Gallery({ files, config }: { files: Record<string, unknown>[]; config: NonNullable<DetailProps['gallery']> }) {
  const [index, setIndex] = useState(0);
  if (files.length === 0) return null;
  const current = files[Math.min(index, files.length - 1)];
  const isVideo = (f: Record<string, unknown>) => f[config.typeField] === (config.videoType ?? 'video');
  const src = (f: Record<string, unknown>) => formatText(f[config.pathField]);
  const title = (f: Record<string, unknown>) => (config.titleField ? formatText(f[config.titleField]) : '');
  const poster = (f: Record<string, unknown>) => (config.posterField ? formatText(f[config.posterField]) : '');

  return (
    <Box data-testid="gallery">
      <AspectRatio ratio={16 / 9} bg="dark.7" style={{ borderRadius: 8, overflow: 'hidden' }}>
        {isVideo(current)
          ? <video key={src(current)} src={src(current)} poster={poster(current) || undefined} controls preload="metadata" aria-label={title(current)} data-testid="gallery-video" />
          : <Image src={src(current)} fallbackSrc={IMAGE_PLACEHOLDER} alt={title(current)} fit="contain" data-testid="gallery-image" />}
      </AspectRatio>
      <Group gap={8} mt={8} wrap="nowrap" style={{ overflowX: 'auto' }}>
        {files.map((f, i) => (
          <UnstyledButton key={i} onClick={() => setIndex(i)} aria-label={title(f) || `第${i + 1}项`} aria-pressed={i === index}
            style={{ border: `2px solid ${i === index ? 'var(--mantine-primary-color-filled)' : 'transparent'}`, borderRadius: 6, flex: '0 0 96px', position: 'relative' }}>
            <Image src={isVideo(f) ? poster(f) || null : src(f)} fallbackSrc={IMAGE_PLACEHOLDER} h={54} w={92} fit="cover" radius={4} alt="" />
            {isVideo(f) && <Box style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', color: '#fff', fontSize: 20, textShadow: '0 0 4px #000' }}>▶</Box>}
          </UnstyledButton>
        ))}
      </Group>
    </Box>
  );
}
