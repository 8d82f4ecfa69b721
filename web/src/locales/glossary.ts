/**
 * The pool's key terms, one word each per language, and the variants that must not appear in
 * any locale text (web and the Go server, whose messages show on the same screens): a screen
 * that says "하위 계정" in one place and "서브 계정" in the next reads as two things (issue 31).
 * glossary.test.ts checks every locale file against the forbidden variants; to rename a term,
 * change it here and in the texts together.
 */
export type Term = 'subAccount' | 'device' | 'hashrate' | 'worker' | 'uniplusId' | 'observerLink';

export interface Entry {
  /** use: the word the texts use. */
  use: string;
  /** forbidden: variants that must not appear (strings match as written; RegExps as given). */
  forbidden: (string | RegExp)[];
}

export const GLOSSARY: Record<'zh_CN' | 'zh_HK' | 'en_US' | 'ko_KR', Record<Term, Entry>> = {
  zh_CN: {
    subAccount: { use: '子账户', forbidden: ['子账号', '子帐户', '子帐号'] },
    device: { use: '设备', forbidden: [] },
    hashrate: { use: '算力', forbidden: ['哈希率', '哈希速率'] },
    worker: { use: '矿工名', forbidden: ['工人名'] },
    uniplusId: { use: 'Uniplus ID', forbidden: [/Uniplus ?(?:Id|id|账号|帐号)\b/] },
    observerLink: { use: '观察者链接', forbidden: ['观察链接', '观察员链接', '观察者连接'] },
  },
  zh_HK: {
    subAccount: { use: '子帳戶', forbidden: ['子賬戶', '子帳號', '子賬號', '子账户'] },
    // 裝置 stays for the user's own phones and computers (login devices); 設備 is a rig.
    device: { use: '設備', forbidden: [] },
    hashrate: { use: '算力', forbidden: ['哈希率', '哈希速率'] },
    worker: { use: '礦工名', forbidden: ['工人名'] },
    uniplusId: { use: 'Uniplus ID', forbidden: [/Uniplus ?(?:Id|id|帳號|賬號)\b/] },
    observerLink: { use: '觀察者連結', forbidden: ['觀察者鏈接', '觀察連結', '觀察員連結'] },
  },
  en_US: {
    // "subaccount.rig" names the worker pattern (code.rig), not the term: allowed before a dot.
    subAccount: { use: 'sub-account', forbidden: [/\bsub ?accounts?\b(?!\.)/i] },
    device: { use: 'device', forbidden: [] },
    hashrate: { use: 'hashrate', forbidden: [/\bhash[ -]rates?\b/i] },
    worker: { use: 'worker name', forbidden: [/\bminer name\b/i] },
    uniplusId: { use: 'Uniplus ID', forbidden: [/Uniplus ?(?:Id|id)\b/, /Uniplus-ID/] },
    observerLink: { use: 'observer link', forbidden: [/\bwatcher links?\b/i, /\bobserve links?\b/i] },
  },
  ko_KR: {
    subAccount: { use: '하위 계정', forbidden: ['서브 계정', '서브계정', '하위계정'] },
    device: { use: '장치', forbidden: ['디바이스'] },
    hashrate: { use: '해시레이트', forbidden: ['해시율', '해시 레이트'] },
    worker: { use: '워커', forbidden: ['작업자'] },
    uniplusId: { use: 'Uniplus ID', forbidden: [/Uniplus ?(?:Id|id|아이디)\b/, 'Uniplus 아이디'] },
    observerLink: { use: '관찰자 링크', forbidden: ['옵저버 링크', '관찰 링크'] },
  },
};
