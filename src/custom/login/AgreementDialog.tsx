import { Loader, Modal, Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useEffect } from 'react';
import { useCall } from '../../renderers/data/useCall';

interface Article {
  title: string;
  content: string;
}

/** The user agreement, an article from the database, rendered as sanitised HTML. */
export function AgreementDialog({ articleId, opened, onClose, title, width }: { articleId: number; opened: boolean; onClose: () => void; title?: string; width?: number }) {
  const read = useCall<Article>('web/get_article_info', { article_id: articleId }, { enabled: opened });
  const article = read.data;
  // The api client has said why it failed; there is nothing to show.
  const failed = opened && read.isError && !read.isFetching;
  useEffect(() => {
    if (failed) onClose();
  }, [failed, onClose]);
  return (
    <Modal opened={opened} onClose={onClose} title={title ?? article?.title ?? ''} size={width ?? 640} centered>
      {article ? (
        <Typography data-testid="agreement-content">
          <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(article.content) }} />
        </Typography>
      ) : (
        <Loader size="sm" />
      )}
    </Modal>
  );
}
