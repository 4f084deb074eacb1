/**
 * The page as it will be once published, beside the page editor: the page's
 * preview link (made when the editor first asks for it, one per visit, so the
 * audit log and the links list are not filled by every save) in a frame at
 * phone width (375 px) or at desktop width (1280 px, scaled to fit), read
 * again after every save. The real public renderer draws it: what the frame
 * shows is what visitors will see.
 */
import { Anchor, Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { createPreviewLink } from '../editorial/api.js';
import { messageOf } from '../fields/save-failure.js';

const widths = { phone: 375, desktop: 1280 } as const;
type Width = keyof typeof widths;
/** Where the preview sits beside the page (admin.css `.page-editor-columns`). */
const wideScreen = '(min-width: 75em)';
/** How tall the frame's page is drawn (CSS pixels of the previewed page). */
const frameHeight = 1400;

interface PagePreviewProps {
  pageId: string;
  pageTitle: string;
  /** Changes after every save: the frame reads the page again. */
  generation: number;
}

export function PagePreview({ pageId, pageTitle, generation }: PagePreviewProps) {
  // Beside the page (a wide screen) it shows at once; below it (a phone) it waits to be asked for.
  const [shown, setShown] = useState(() => window.matchMedia(wideScreen).matches);
  const [url, setUrl] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [width, setWidth] = useState<Width>('phone');
  const box = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(360);

  useEffect(() => {
    if (!shown || url) return;
    let cancelled = false;
    createPreviewLink({ page: pageId })
      .then((link) => !cancelled && setUrl(link.url))
      .catch((err: unknown) => !cancelled && setFailure(messageOf(err)));
    return () => {
      cancelled = true;
    };
  }, [shown, url, pageId]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => entry && setBoxWidth(entry.contentRect.width));
    observer.observe(el);
    return () => observer.disconnect();
  }, [shown]);

  const scale = Math.min(1, boxWidth / widths[width]);
  // The link's own path (its host is the public address, which may differ from the staff app's in development).
  const src = url ? `${new URL(url).pathname}?v=${generation}` : null;

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="page-preview-heading">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h5" id="page-preview-heading">
            Preview
          </Title>
          {shown && (
            <SegmentedControl
              size="xs"
              value={width}
              onChange={(v) => setWidth(v as Width)}
              data={[
                { value: 'phone', label: 'Phone' },
                { value: 'desktop', label: 'Desktop' },
              ]}
              aria-label="Preview width"
            />
          )}
        </Group>
        {!shown ? (
          <>
            <Text size="sm" c="dimmed">
              The page as visitors will see it once you publish it, with every saved change of its blocks.
            </Text>
            <Group>
              <Button variant="default" size="xs" onClick={() => setShown(true)}>
                Show the preview
              </Button>
            </Group>
          </>
        ) : failure ? (
          <Text size="sm" c="red.8" role="alert">{`The preview could not be made: ${failure}`}</Text>
        ) : (
          <>
            <div ref={box} style={{ width: '100%', height: frameHeight * scale, overflow: 'hidden', border: '1px solid var(--mantine-color-gray-4)', borderRadius: 6, background: '#fff' }}>
              {src ? (
                <iframe
                  key={width}
                  title={`Preview of “${pageTitle}” at ${width} width`}
                  src={src}
                  width={widths[width]}
                  height={frameHeight}
                  style={{ border: 0, transform: `scale(${scale})`, transformOrigin: '0 0', display: 'block' }}
                />
              ) : (
                <Text size="sm" c="dimmed" p="sm">
                  Making the preview…
                </Text>
              )}
            </div>
            {url && (
              <Text size="xs" c="dimmed">
                <Anchor href={url} target="_blank" rel="noopener" size="xs" underline="always">
                  Open the preview in a new tab
                </Anchor>{' '}
                (a private link you can share; it shows every saved change).
              </Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
