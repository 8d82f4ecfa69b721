import { htmlLang, isLang } from '@/lib/language';
import './help-article.css';

/** HelpArticleProps: the server's sanitised HTML and the language it is written in. */
export interface HelpArticleProps {
  html: string;
  lang: string;
  className?: string;
}

/**
 * HelpArticle shows an article body. The HTML comes from the server, which renders
 * the operator's Markdown without raw HTML and sanitises the result (bluemonday's
 * UGC policy), so no script, event handler or javascript: link reaches this point.
 */
export function HelpArticle({ html, lang, className }: HelpArticleProps) {
  return (
    <div
      className={`up-help-article${className ? ` ${className}` : ''}`}
      lang={isLang(lang) ? htmlLang(lang) : undefined}
      data-testid="help-article"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
