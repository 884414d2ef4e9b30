import { Box, Stack, Typography } from '@mui/material';

/**
 * What a player sent (feedback, an application): when and in what state, the text as plain text
 * (React escapes it, whatever the player typed) and the images as thumbnails that open full size.
 */
export function Submission({
  caption,
  text,
  textTestId,
  images,
  imageAlt,
}: {
  caption: string;
  text: string;
  textTestId: string;
  images: readonly { id: string; url: string }[];
  imageAlt: string;
}) {
  return (
    <>
      <Typography variant="caption" color="text.secondary">
        {caption}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid={textTestId}>
        {text}
      </Typography>
      {images.length > 0 && (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {images.map((img, i) => (
            <Box
              key={img.id}
              component="a"
              href={img.url}
              target="_blank"
              rel="noopener noreferrer"
              sx={{ display: 'block', width: 120, height: 120, borderRadius: 1, overflow: 'hidden' }}
            >
              <Box
                component="img"
                src={img.url}
                alt={`${imageAlt} ${i + 1}`}
                sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
              />
            </Box>
          ))}
        </Stack>
      )}
    </>
  );
}
