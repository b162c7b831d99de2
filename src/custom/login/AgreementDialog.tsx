import { Loader, Modal, Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useCall } from '../../renderers/data/useCall';
import { LoadFailed } from '../../renderers/ui/ListStatus';

interface Article {
  title: string;
  content: string;
}

/** The user agreement, an article from the database, rendered as sanitised HTML. */
export function AgreementDialog({ articleId, opened, onClose, title, width }: { articleId: number; opened: boolean; onClose: () => void; title?: string; width?: number }) {
  const read = useCall<Article>('web/get_article_info', { article_id: articleId }, { enabled: opened });
  const article = read.data;
  return (
    <Modal opened={opened} onClose={onClose} title={title ?? article?.title ?? ''} size={width ?? 640} centered>
      {article ? (
        <Typography data-testid="agreement-content">
          <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(article.content) }} />
        </Typography>
      ) : read.isError ? (
        <LoadFailed message={read.error.message} onRetry={() => void read.refetch()} />
      ) : (
        <Loader size="sm" />
      )}
    </Modal>
  );
}
