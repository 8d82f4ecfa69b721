// Package helpcenter serves the help centre: announcements and FAQ entries for everyone,
// and notices for logged-in users with a read mark per user. Operators write them in
// Markdown with `poold admin notice|announcement|faq ...` (Store.Admin, AdminUsage).
//
// # Paths
//
// Following SPEC section 7 (/pc/v1/helpPage/observer/message/list, /detail, /readAll),
// every path is /api/pc/v1/helpPage/<kind>/<verb>; GET reads, POST writes:
//
//	GET  /api/pc/v1/helpPage/announcement/list?page&pageSize   public
//	GET  /api/pc/v1/helpPage/announcement/detail?id            public
//	GET  /api/pc/v1/helpPage/faq/list?page&pageSize            public
//	GET  /api/pc/v1/helpPage/faq/detail?id                     public
//	GET  /api/pc/v1/helpPage/notice/list?page&pageSize         login (code 4 without)
//	GET  /api/pc/v1/helpPage/notice/detail?id                  login; marks the notice read
//	POST /api/pc/v1/helpPage/notice/readAll                    login; data {unReadCount: 0}
//	GET  /api/pc/v1/helpPage/notice/unread                     login; data {unReadCount}
//
// A list answers {total, page, pageSize, rows}; a row is {id, title, summary,
// publishedAt, lang}, and notice rows add read. A detail answers {id, title, html,
// publishedAt, lang, prevId, nextId}; prevId and nextId are the neighbours in list order
// (null at either end). Times are Unix milliseconds.
//
// # Rules
//
//   - Only published articles are served; a draft, an unknown id or an id of another kind
//     answers 404 with code 3. id must be a positive integer, page a number from 1 and
//     pageSize one of 10, 20, 30, 50 (default 1 and 10), else code 3 naming the field.
//   - Announcements and notices are listed newest published first (then higher id first);
//     FAQ entries by sort order, then id. The first publish stamps publishedAt; publishing
//     again after an unpublish keeps it.
//   - Language: each article is served in the request's language header if it has that
//     translation, else zh_HK (SPEC's default language), else en_US, else the first it has
//     in the order zh_CN, zh_HK, en_US, ko_KR. Rows and details say which in lang.
//   - Bodies are Markdown rendered by content.RenderMarkdown (goldmark without raw HTML,
//     then bluemonday's UGC policy): no script, event-handler attribute or javascript: URL
//     reaches the client. summary is plain text (the client shows it as text, never as
//     HTML): the first 120 characters of the rendered body, with "…" when cut.
//   - Notices go to every logged-in user. The unread count is the published notices the
//     user has not opened (detail) or cleared (readAll); a notice published later is
//     unread again for everyone.
//   - Operators: a title is 1-120 characters, a body is non-empty and at most 100 KB, a
//     language is one of the four. New articles start as drafts.
//
// Tables (migration 0007_helpcenter): articles, article_translations (one row per
// article and language), notice_reads (user, notice, read time).
package helpcenter
