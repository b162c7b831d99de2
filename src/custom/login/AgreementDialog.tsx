import { Loader, Modal, Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useEffect, useState } from 'react';
import { api } from '../../engine';

/** The user agreement, an article from the database, rendered as sanitised HTML. */
export function AgreementDialog({ articleId, opened, onClose, title, width }: { articleId: number; opened: boolean; onClose: () => void; title?: string; width?: number }) {
  const [article, setArticle] = useState<{ title: string; content: string } | null>(null);
  useEffect(() => {
    if (opened && !article) void api.call<{ title: string; content: string }>('web/get_article_info', { article_id: articleId }).then(setArticle).catch(() => onClose());
  }, [opened, article, articleId, onClose]);
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
