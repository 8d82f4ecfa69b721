-- Help centre content (internal/helpcenter): announcements and FAQ for everyone, notices
-- for logged-in users with a per-user read mark. Each article has one translation per
-- language it was written in; the API falls back when the asked-for one is missing.
-- Times are Unix milliseconds (UTC); published_at is 0 until the first publish.
CREATE TABLE articles (
    id           INTEGER PRIMARY KEY,
    kind         TEXT NOT NULL CHECK (kind IN ('announcement', 'faq', 'notice')),
    status       TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
    sort_order   INTEGER NOT NULL DEFAULT 0,
    published_at BIGINT NOT NULL DEFAULT 0,
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL
);
CREATE INDEX articles_kind_published ON articles (kind, status, published_at, id);
CREATE INDEX articles_kind_sorted ON articles (kind, status, sort_order, id);

CREATE TABLE article_translations (
    article_id INTEGER NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
    lang       TEXT NOT NULL,
    title      TEXT NOT NULL,
    body_md    TEXT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (article_id, lang)
);

CREATE TABLE notice_reads (
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    article_id INTEGER NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
    read_at    BIGINT NOT NULL,
    PRIMARY KEY (user_id, article_id)
);
