import { Alert, Loader, Paper, Typography } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import DOMPurify from 'dompurify';
import { fetchDownload, fileKey } from '../../engine';

/** The document's text as clean HTML (mammoth turns a .docx into HTML in the browser, DOMPurify cleans it). */
async function readDocx(url: string): Promise<string> {
  const { blob } = await fetchDownload(url);
  const mammoth = await import('mammoth/mammoth.browser.js');
  const result = await mammoth.convertToHtml({ arrayBuffer: await blob.arrayBuffer() });
  return DOMPurify.sanitize(result.value);
}

/**
 * A student's .docx shown in the page, so the teacher reads the report without downloading it. Read through the query
 * cache under the file's address: going back to a submission shows it again without a second download.
 */
export function DocxPreview({ url, name }: { url: string; name: string }) {
  const read = useQuery({ queryKey: fileKey(url), queryFn: () => readDocx(url), staleTime: Infinity });

  if (read.isError) {
    const failed = read.error instanceof Error && read.error.message ? read.error.message : '文档无法预览';
    return <Alert color="orange" title={name || '文档'}>{failed}，请点文件名下载后查看</Alert>;
  }
  if (read.isPending) return <Loader size="sm" />;
  return (
    <Paper withBorder p="md" mah={480} style={{ overflow: 'auto' }} data-testid="docx-preview" role="region" aria-label={`${name} 预览`}>
      <Typography>
        {read.data ? <div dangerouslySetInnerHTML={{ __html: read.data }} /> : <em>文档没有文字内容</em>}
      </Typography>
    </Paper>
  );
}
