// Content (docs/operations.md "Content"): help centre announcements, FAQ entries and
// notices, legal documents and app downloads, each language in its own tab, with the
// public pages' rendering of the Markdown (the server sanitises it; shown as the help
// centre shows it). Every role reads; the content right (support, owner) writes. The
// logic is in features/ops/content. One route, content/*, with its own pages inside.
import { Alert, Button, Card, Col, Empty, Form, Input, Modal, Result, Row, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, Route, Routes, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { HelpArticle } from '@/features/help-center/components/help-article';
import { useMe } from '@/features/ops/hooks';
import {
  useApps,
  useArticle,
  useArticles,
  useDeleteArticle,
  useDeleteRelease,
  useLegal,
  useLegalEditor,
  useLegalList,
  usePublish,
  useReleaseEditor,
  useSortOrder,
  useTranslationEditor,
  type LegalEditor,
  type TranslationEditor,
} from '@/features/ops/content/hooks';
import {
  canWriteContent,
  CONTENT_TABS,
  isArticleKind,
  languagesOf,
  MAX_TITLE,
  tabOf,
  titleOf,
  type ArticleKind,
  type ArticleView,
  type LegalView,
  type Preview,
  type Release,
} from '@/features/ops/content/models';
import { CONTENT_NS, contentTexts } from '@/features/ops/content/texts';
import { currentLang } from '@/lib/i18n';
import { LANGS, LANG_NATIVE_NAMES, isLang } from '@/lib/language';
import { ActionModal, Copy, Loaded, LoadedTable, OpsTable, PageTitle, When, areaTexts, cols, type AreaT } from './widgets';

type T = AreaT;

const { useAreaT: useContentT, NavLabel } = areaTexts(CONTENT_NS, contentTexts);

/** ContentNavLabel is the menu entry's words (extra-nav.tsx). */
export const ContentNavLabel = NavLabel;

/** ContentPage is the whole area: the lists, an article, a legal document. */
export function ContentPage() {
  const { t, ready } = useContentT();
  const me = useMe();
  if (!ready || me.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  const canWrite = canWriteContent(me.data);
  return (
    <Routes>
      <Route index element={<ContentHome t={t} canWrite={canWrite} />} />
      <Route path="legal/:type" element={<LegalPage t={t} canWrite={canWrite} />} />
      <Route path=":kind/:id" element={<ArticlePage t={t} canWrite={canWrite} />} />
      <Route path="*" element={<ContentHome t={t} canWrite={canWrite} />} />
    </Routes>
  );
}

function ReadOnlyNote({ t, canWrite }: { t: T; canWrite: boolean }) {
  if (canWrite) return null;
  return <Alert type="info" showIcon message={t('readOnly')} style={{ marginBottom: 16 }} data-testid="ops-content-read-only" />;
}

function ContentHome({ t, canWrite }: { t: T; canWrite: boolean }) {
  const [search, setSearch] = useSearchParams();
  const tab = tabOf(search.get('tab'));
  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <ReadOnlyNote t={t} canWrite={canWrite} />
      <Tabs
        activeKey={tab}
        onChange={(k) => setSearch({ tab: k }, { replace: true })}
        data-testid="ops-content-tabs"
        items={CONTENT_TABS.map((k) => ({
          key: k,
          label: t(`tabs.${k}`),
          children:
            k === 'legal' ? <LegalList t={t} /> : k === 'apps' ? <AppList t={t} canWrite={canWrite} /> : <ArticleList kind={k} t={t} canWrite={canWrite} />,
        }))}
      />
    </>
  );
}

function StatusTag({ status, t }: { status: string; t: T }) {
  return (
    <Tag color={status === 'published' ? 'green' : 'default'} data-testid="ops-content-status" data-status={status}>
      {t(`status.${status}`, { defaultValue: status })}
    </Tag>
  );
}

function LanguageTags({ has }: { has: Record<string, boolean> }) {
  return (
    <Space size={2} wrap>
      {LANGS.map((l) => (
        <Tag key={l} color={has[l] ? 'blue' : 'default'} style={has[l] ? undefined : { textDecoration: 'line-through' }}>
          {l}
        </Tag>
      ))}
    </Space>
  );
}

function ArticleList({ kind, t, canWrite }: { kind: ArticleKind; t: T; canWrite: boolean }) {
  const list = useArticles(kind);
  const navigate = useNavigate();
  const lang = currentLang();
  return (
    <>
      {canWrite && (
        <Button type="primary" style={{ marginBottom: 16 }} onClick={() => navigate(`/content/${kind}/new`)} data-testid={`ops-content-new-${kind}`}>
          {t(`new.${kind}`)}
        </Button>
      )}
      <LoadedTable
        query={list}
        rows={(d) => d.items}
        testId={`ops-content-list-${kind}`}
        columns={[
          { title: t('fields.id'), dataIndex: 'id', width: 70 },
          {
            title: t('fields.title'),
            render: (_, a) => {
              const { title, lang: shown } = titleOf(a, lang);
              return (
                <Link to={`/content/${kind}/${a.id}`} data-testid="ops-content-open">
                  {title || t('untitled')}
                  {shown && shown !== lang ? <Typography.Text type="secondary">{` (${shown})`}</Typography.Text> : null}
                </Link>
              );
            },
          },
          { title: t('fields.languages'), render: (_, a) => <LanguageTags has={languagesOf(a)} /> },
          { title: t('fields.status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} t={t} /> },
          ...(kind === 'faq' ? [{ title: t('fields.sortOrder'), dataIndex: 'sortOrder' }] : []),
          cols.time(t('fields.publishedAt'), 'publishedAt'),
          cols.time(t('fields.updatedAt'), 'updatedAt'),
        ]}
      />
    </>
  );
}

/** PreviewPane shows the public page's rendering: the list row's summary and the body. */
function PreviewPane({ shown, lang, t }: { shown: { preview: Preview | null; stale: boolean }; lang: string; t: T }) {
  return (
    <Card size="small" title={t('preview.title')} data-testid="ops-content-preview">
      {shown.stale && <Alert type="warning" showIcon message={t('preview.stale')} style={{ marginBottom: 12 }} />}
      {shown.preview ? (
        <>
          <Typography.Paragraph type="secondary" data-testid="ops-content-summary">
            {t('preview.summary')}: {shown.preview.summary || '—'}
          </Typography.Paragraph>
          <HelpArticle html={shown.preview.html} lang={lang} />
        </>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('preview.none')} />
      )}
    </Card>
  );
}

function ArticlePage({ t, canWrite }: { t: T; canWrite: boolean }) {
  const { kind, id } = useParams();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const num = id === 'new' ? 0 : Number(id);
  const validKind = isArticleKind(kind);
  const article = useArticle(validKind ? kind : 'announcement', validKind && Number.isInteger(num) && num > 0 ? num : 0);
  if (!validKind || (id !== 'new' && !(Number.isInteger(num) && num > 0))) {
    return <Result status="404" title={t('notFound')} extra={<Link to="/content">{t('back')}</Link>} />;
  }
  const lang = isLang(search.get('lang') ?? '') ? (search.get('lang') as string) : currentLang();
  const back = (
    <Button onClick={() => navigate(`/content?tab=${kind}`)} data-testid="ops-content-back">
      {t('back')}
    </Button>
  );
  if (num === 0) {
    if (!canWrite) return <Result status="403" title={t('readOnly')} extra={back} />;
    return (
      <>
        <PageTitle extra={back}>{t(`new.${kind}`)}</PageTitle>
        <Alert type="info" showIcon message={t('newHelp')} style={{ marginBottom: 16 }} />
        <LanguageTabs lang={lang} onLang={(l) => setSearch({ lang: l }, { replace: true })}>
          {(l) => <TranslationPane kind={kind} article={undefined} lang={l} t={t} canWrite onCreated={(newId) => navigate(`/content/${kind}/${newId}?lang=${l}`, { replace: true })} />}
        </LanguageTabs>
      </>
    );
  }
  return (
    <Loaded query={article}>
      {(a) => (
        <>
          <PageTitle extra={back}>
            <Space>
              {titleOf(a, currentLang()).title || t('untitled')}
              <StatusTag status={a.status} t={t} />
            </Space>
          </PageTitle>
          <ArticleHeader article={a} t={t} canWrite={canWrite} />
          <LanguageTabs key={a.id} lang={lang} onLang={(l) => setSearch({ lang: l }, { replace: true })} missing={a.missingLanguages}>
            {(l) => <TranslationPane kind={a.kind} article={a} lang={l} t={t} canWrite={canWrite} />}
          </LanguageTabs>
        </>
      )}
    </Loaded>
  );
}

function LanguageTabs({ lang, onLang, missing = [], children }: { lang: string; onLang: (l: string) => void; missing?: string[]; children: (l: string) => ReactNode }) {
  return (
    <Tabs
      activeKey={lang}
      onChange={onLang}
      data-testid="ops-content-langs"
      items={LANGS.map((l) => ({
        key: l,
        label: (
          <span data-testid={`ops-content-lang-${l}`}>
            {LANG_NATIVE_NAMES[l]}
            {missing.includes(l) ? ' ·' : ''}
          </span>
        ),
        children: children(l),
      }))}
    />
  );
}

function ArticleHeader({ article, t, canWrite }: { article: ArticleView; t: T; canWrite: boolean }) {
  const navigate = useNavigate();
  const published = article.status === 'published';
  const publish = usePublish(article.kind, article.id, !published);
  const del = useDeleteArticle(article.kind, article.id, () => navigate(`/content?tab=${article.kind}`, { replace: true }));
  return (
    <>
      <MetaLine
        items={[
          [t('fields.id'), <Copy text={article.id} />],
          [t('fields.publishedAt'), <When at={article.publishedAt} />],
          [t('fields.updatedAt'), <When at={article.updatedAt} />],
        ]}
      >
        {canWrite && (
          <Button danger={published} type={published ? 'default' : 'primary'} onClick={publish.show} data-testid={published ? 'ops-content-unpublish' : 'ops-content-publish'}>
            {t(published ? 'actions.unpublish' : 'actions.publish')}
          </Button>
        )}
        {canWrite && (
          <Button danger onClick={del.show} data-testid="ops-content-delete">
            {t('actions.delete')}
          </Button>
        )}
      </MetaLine>
      {article.kind === 'faq' && <SortOrder article={article} t={t} canWrite={canWrite} />}
      {article.missingLanguages.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="ops-content-missing"
          message={t('missing', { langs: article.missingLanguages.map((l) => (isLang(l) ? LANG_NATIVE_NAMES[l] : l)).join(', ') })}
        />
      )}
      <ActionModal
        action={publish}
        title={t(published ? 'actions.unpublish' : 'actions.publish')}
        help={t(published ? 'actions.unpublishHelp' : 'actions.publishHelp')}
        testId="ops-content-publish-modal"
      />
      <ActionModal action={del} title={t('actions.deleteArticle')} help={t('actions.deleteArticleHelp')} testId="ops-content-delete-modal" />
    </>
  );
}

function SortOrder({ article, t, canWrite }: { article: ArticleView; t: T; canWrite: boolean }) {
  const s = useSortOrder(article.kind, article.id, article.sortOrder);
  if (!canWrite) {
    return (
      <Typography.Paragraph type="secondary">
        {t('fields.sortOrder')}: {article.sortOrder}
      </Typography.Paragraph>
    );
  }
  return (
    <Form layout="inline" style={{ marginBottom: 16 }} onFinish={() => void s.submit()}>
      <Form.Item label={t('fields.sortOrder')} validateStatus={s.error ? 'error' : undefined} help={s.error ? t(s.error, { defaultValue: s.error }) : t('help.sortOrder')}>
        <Input value={s.value} onChange={(e) => s.setValue(e.target.value)} style={{ width: 120 }} data-testid="ops-content-sort" />
      </Form.Item>
      <Button htmlType="submit" disabled={!s.changed} loading={s.busy} data-testid="ops-content-sort-save">
        {t('actions.save')}
      </Button>
    </Form>
  );
}

function TranslationPane(props: { kind: ArticleKind; article: ArticleView | undefined; lang: string; t: T; canWrite: boolean; onCreated?: (id: number) => void }) {
  const { kind, article, lang, t, canWrite, onCreated } = props;
  const ed = useTranslationEditor(kind, article, lang, onCreated);
  return (
    <EditorLayout
      canWrite={canWrite}
      none={ed.saved ? undefined : t('noTranslation')}
      head={<Typography.Title level={4}>{ed.saved?.title}</Typography.Title>}
      form={<TranslationForm ed={ed} t={t} />}
      preview={<PreviewPane shown={ed.shown} lang={lang} t={t} />}
    />
  );
}

/**
 * EditorLayout places a text's editor beside its preview for a writer; a reader sees the
 * head (a title, the document's facts) over the preview, or none's words when there is no text.
 */
function EditorLayout(p: { canWrite: boolean; none?: string; head: ReactNode; form: ReactNode; preview: ReactNode }) {
  if (!p.canWrite) {
    if (p.none) return <Empty description={p.none} />;
    return (
      <>
        {p.head}
        {p.preview}
      </>
    );
  }
  return (
    <Row gutter={24}>
      <Col xs={24} xl={12}>
        {p.form}
      </Col>
      <Col xs={24} xl={12}>
        {p.preview}
      </Col>
    </Row>
  );
}

/** MetaLine is a row of facts (label: value) in grey, with room for buttons after them. */
function MetaLine({ items, children }: { items: [string, ReactNode][]; children?: ReactNode }) {
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      {items.map(([label, value]) => (
        <Typography.Text type="secondary" key={label}>
          {label}: {value}
        </Typography.Text>
      ))}
      {children}
    </Space>
  );
}

/** BodyField is a text's Markdown: required, monospaced, growing with the text. */
function BodyField(p: { value: string; onChange: (v: string) => void; rows: [number, number]; extra: string; error?: string; t: T }) {
  return (
    <Form.Item label={p.t('fields.body')} required extra={p.extra} {...fieldHelp(p.t, p.error)}>
      <Input.TextArea
        value={p.value}
        autoSize={{ minRows: p.rows[0], maxRows: p.rows[1] }}
        onChange={(e) => p.onChange(e.target.value)}
        style={{ fontFamily: 'monospace' }}
        data-testid="ops-content-body"
      />
    </Form.Item>
  );
}

/** EditorButtons save the text, ask the server's preview of what is typed, and undo the edits. */
function EditorButtons({ ed, body, t }: { ed: TranslationEditor | LegalEditor; body: string; t: T }) {
  return (
    <Space>
      <Button type="primary" htmlType="submit" loading={ed.busy} data-testid="ops-content-save">
        {t('actions.save')}
      </Button>
      <Button onClick={() => void ed.preview.run(body)} loading={ed.preview.busy} disabled={body.trim() === ''} data-testid="ops-content-preview-run">
        {t('actions.preview')}
      </Button>
      <Button onClick={ed.reset} disabled={!ed.dirty}>
        {t('actions.undo')}
      </Button>
    </Space>
  );
}

function fieldHelp(t: T, key: string | undefined) {
  return key ? { validateStatus: 'error' as const, help: t(key) } : {};
}

function TranslationForm({ ed, t }: { ed: TranslationEditor; t: T }) {
  return (
    <Form layout="vertical" onFinish={() => void ed.submit()} data-testid="ops-content-form">
      {!ed.saved && <Alert type="info" showIcon message={t('newTranslation')} style={{ marginBottom: 16 }} />}
      <Form.Item label={t('fields.title')} required {...fieldHelp(t, ed.errors.title)}>
        <Input value={ed.form.title} maxLength={MAX_TITLE} showCount onChange={(e) => ed.set('title', e.target.value)} data-testid="ops-content-title" />
      </Form.Item>
      <BodyField value={ed.form.body} onChange={(v) => ed.set('body', v)} rows={[12, 30]} extra={t('help.markdown')} error={ed.errors.body} t={t} />
      <Problems t={t} form={ed.errors.form} refusal={ed.refusal} previewError={ed.preview.error} done={ed.done} />
      <EditorButtons ed={ed} body={ed.form.body} t={t} />
    </Form>
  );
}

function Problems({ t, form, refusal, previewError, done }: { t: T; form?: string; refusal: string; previewError: string; done: boolean }) {
  return (
    <>
      {form && <Alert type="warning" showIcon message={t(form)} style={{ marginBottom: 16 }} data-testid="ops-content-error" />}
      {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 16 }} data-testid="ops-content-error" />}
      {previewError && <Alert type="error" showIcon message={previewError} style={{ marginBottom: 16 }} />}
      {done && <Alert type="success" showIcon message={t('saved')} style={{ marginBottom: 16 }} data-testid="ops-content-saved" />}
    </>
  );
}

function LegalList({ t }: { t: T }) {
  const list = useLegalList();
  return (
    <Loaded query={list}>
      {(d) => {
        const rows = d.types.map((type) => ({ type, docs: d.items.filter((x) => x.type === type) }));
        return (
          <OpsTable
            rowKey="type"
            rows={rows}
            testId="ops-content-legal"
            columns={[
              {
                title: t('fields.document'),
                dataIndex: 'type',
                render: (type: string) => (
                  <Link to={`/content/legal/${encodeURIComponent(type)}`} data-testid={`ops-content-legal-${type}`}>
                    {t(`legalTypes.${type}`, { defaultValue: type })}
                  </Link>
                ),
              },
              ...LANGS.map((l) => ({
                title: LANG_NATIVE_NAMES[l],
                key: l,
                render: (_: unknown, r: (typeof rows)[number]) => {
                  const doc = r.docs.find((x) => x.lang === l);
                  if (!doc) return <Tag>{t('missingShort')}</Tag>;
                  return (
                    <Space direction="vertical" size={0}>
                      <Link to={`/content/legal/${encodeURIComponent(r.type)}?lang=${l}`}>{doc.title || t('untitled')}</Link>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        <When at={doc.updatedAt} />
                      </Typography.Text>
                    </Space>
                  );
                },
              })),
            ]}
          />
        );
      }}
    </Loaded>
  );
}

function LegalPage({ t, canWrite }: { t: T; canWrite: boolean }) {
  const { type = '' } = useParams();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const lang = isLang(search.get('lang') ?? '') ? (search.get('lang') as string) : currentLang();
  return (
    <>
      <PageTitle
        extra={
          <Button onClick={() => navigate('/content?tab=legal')} data-testid="ops-content-back">
            {t('back')}
          </Button>
        }
      >
        {t(`legalTypes.${type}`, { defaultValue: type })}
      </PageTitle>
      <ReadOnlyNote t={t} canWrite={canWrite} />
      <LanguageTabs lang={lang} onLang={(l) => setSearch({ lang: l }, { replace: true })}>
        {(l) => <LegalPane type={type} lang={l} t={t} canWrite={canWrite} />}
      </LanguageTabs>
    </>
  );
}

function LegalPane({ type, lang, t, canWrite }: { type: string; lang: string; t: T; canWrite: boolean }) {
  const doc = useLegal(type, lang);
  return <Loaded query={doc}>{(d) => <LegalEditorPane key={`${type}/${lang}`} type={type} lang={lang} doc={d} t={t} canWrite={canWrite} />}</Loaded>;
}

function LegalEditorPane({ type, lang, doc, t, canWrite }: { type: string; lang: string; doc: LegalView | null; t: T; canWrite: boolean }) {
  const ed = useLegalEditor(type, lang, doc);
  const meta = doc && <MetaLine items={[[t('fields.updatedAt'), <When at={doc.updatedAt} />], [t('fields.publicPath'), <Copy text={doc.url} />]]} />;
  return (
    <EditorLayout
      canWrite={canWrite}
      none={doc ? undefined : t('legalMissing')}
      head={meta}
      form={
        <>
          {meta}
          <LegalForm ed={ed} t={t} isNew={!doc} />
        </>
      }
      preview={<PreviewPane shown={ed.shown} lang={lang} t={t} />}
    />
  );
}

function LegalForm({ ed, t, isNew }: { ed: LegalEditor; t: T; isNew: boolean }) {
  const bodyError = ed.error && ed.error !== 'errors.unchanged' ? ed.error : undefined;
  return (
    <Form layout="vertical" onFinish={() => void ed.submit()} data-testid="ops-content-legal-form">
      {isNew && <Alert type="info" showIcon message={t('legalMissing')} style={{ marginBottom: 16 }} />}
      <BodyField value={ed.body} onChange={ed.setBody} rows={[16, 40]} extra={t('help.legal')} error={bodyError} t={t} />
      <Problems t={t} form={ed.error === 'errors.unchanged' ? ed.error : undefined} refusal={ed.refusal} previewError={ed.preview.error} done={ed.done} />
      <EditorButtons ed={ed} body={ed.body} t={t} />
    </Form>
  );
}

function AppList({ t, canWrite }: { t: T; canWrite: boolean }) {
  const apps = useApps();
  return (
    <Loaded query={apps}>
      {(d) => {
        const items = d.items ?? [];
        const rows = d.operatingSystems.map((os) => ({ os, release: items.find((r) => r.operateSystem === os) }));
        return (
          <OpsTable
            rowKey="os"
            rows={rows}
            testId="ops-content-apps"
            columns={[
              { title: t('fields.os'), dataIndex: 'os', render: (os: string) => t(`os.${os}`, { defaultValue: os }) },
              { title: t('fields.version'), render: (_, r) => r.release?.version ?? <Tag>{t('noRelease')}</Tag> },
              { title: t('fields.url'), render: (_, r) => (r.release ? <Copy text={r.release.url} keep={40} /> : '—') },
              { title: t('fields.notes'), render: (_, r) => r.release?.notes || '—' },
              { title: t('fields.updatedAt'), render: (_, r) => <When at={r.release?.updatedAt ?? 0} /> },
              ...(canWrite ? [{ title: '', key: 'actions', render: (_: unknown, r: (typeof rows)[number]) => <AppActions os={r.os} release={r.release} t={t} /> }] : []),
            ]}
          />
        );
      }}
    </Loaded>
  );
}

function AppActions({ os, release, t }: { os: string; release: Release | undefined; t: T }) {
  const del = useDeleteRelease(os);
  return (
    <Space>
      <AppEditButton key={release?.updatedAt ?? 0} os={os} release={release} t={t} />
      {release && (
        <Button size="small" danger onClick={del.show} data-testid={`ops-content-app-delete-${os}`}>
          {t('actions.delete')}
        </Button>
      )}
      <ActionModal action={del} title={t('actions.deleteApp', { os: t(`os.${os}`, { defaultValue: os }) })} help={t('actions.deleteHelp')} testId="ops-content-app-delete" />
    </Space>
  );
}

function AppEditButton({ os, release, t }: { os: string; release: Release | undefined; t: T }) {
  const [open, setOpen] = useState(false);
  const ed = useReleaseEditor(os, release, () => setOpen(false));
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} data-testid={`ops-content-app-edit-${os}`}>
        {t(release ? 'actions.edit' : 'actions.add')}
      </Button>
      <Modal
        open={open}
        title={t('appTitle', { os: t(`os.${os}`, { defaultValue: os }) })}
        onCancel={() => setOpen(false)}
        onOk={() => void ed.submit()}
        okText={t('actions.save')}
        confirmLoading={ed.busy}
        okButtonProps={{ 'data-testid': 'ops-content-app-save' } as Record<`data-${string}`, string>}
        destroyOnHidden
      >
        <Form layout="vertical" onFinish={() => void ed.submit()}>
          <Form.Item label={t('fields.version')} required {...fieldHelp(t, ed.errors.version)}>
            <Input value={ed.form.version} onChange={(e) => ed.set('version', e.target.value)} data-testid="ops-content-app-version" />
          </Form.Item>
          <Form.Item label={t('fields.url')} required extra={t('help.url')} {...fieldHelp(t, ed.errors.url)}>
            <Input value={ed.form.url} onChange={(e) => ed.set('url', e.target.value)} data-testid="ops-content-app-url" />
          </Form.Item>
          <Form.Item label={t('fields.notes')}>
            <Input.TextArea rows={4} value={ed.form.notes} onChange={(e) => ed.set('notes', e.target.value)} data-testid="ops-content-app-notes" />
          </Form.Item>
        </Form>
        {ed.refusal && <Alert type="error" showIcon message={ed.refusal} data-testid="ops-content-error" />}
      </Modal>
    </>
  );
}

