import { Alert, Loader, Paper, Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useEffect, useState } from 'react';

/**
 * A student's .docx shown in the page (mammoth turns the document into HTML in the browser, DOMPurify cleans it), so
 * the teacher reads the report without downloading it. Loaded with the session cookie, like the photos.
 */
export function DocxPreview({ url, name }: { url: string; name: string }) {
  const [html, setHtml] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    (async () => {
      const reply = await fetch(url, { credentials: 'same-origin' });
      if (!reply.ok) throw new Error(reply.status === 403 ? '无权查看该文件' : '文件下载失败');
      const mammoth = await import('mammoth/mammoth.browser.js');
      const result = await mammoth.convertToHtml({ arrayBuffer: await reply.arrayBuffer() });
      if (alive) setHtml(DOMPurify.sanitize(result.value));
    })().catch((e: unknown) => alive && setFailed(e instanceof Error ? e.message : '文档无法预览'));
    return () => {
      alive = false;
    };
  }, [url]);

  if (failed) return <Alert color="orange" title={name || '文档'}>{failed}，请点文件名下载后查看</Alert>;
  if (html === null) return <Loader size="sm" />;
  return (
    <Paper withBorder p="md" mah={480} style={{ overflow: 'auto' }} data-testid="docx-preview" aria-label={`${name} 预览`}>
      <Typography>
        {html ? <div dangerouslySetInnerHTML={{ __html: html }} /> : <em>文档没有文字内容</em>}
      </Typography>
    </Paper>
  );
}
