package app

import (
	"context"
	"testing"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/helpcenter"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/ops/audit"
)

// The demo's help centre is published in every language, once: a restart adds nothing.
func TestSeedDemoHelp(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := &helpcenter.Store{DB: d}
		counts := map[string]int{}
		for round := 0; round < 2; round++ {
			if err := seedDemoHelp(ctx, d); err != nil {
				t.Fatalf("seed %d: %v", round, err)
			}
			for _, kind := range helpcenter.Kinds {
				all, err := s.All(ctx, kind)
				if err != nil {
					t.Fatal(err)
				}
				if round == 0 {
					counts[kind] = len(all)
				} else if len(all) != counts[kind] {
					t.Errorf("%s: %d after the first seed, %d after the second", kind, counts[kind], len(all))
				}
			}
		}
		if counts[helpcenter.KindAnnouncement] < 2 || counts[helpcenter.KindFAQ] < 4 || counts[helpcenter.KindNotice] < 1 {
			t.Fatalf("too little demo content: %v", counts)
		}

		for _, kind := range helpcenter.Kinds {
			all, _ := s.All(ctx, kind)
			for _, a := range all {
				if a.Status != helpcenter.StatusPublished || a.PublishedAt == 0 {
					t.Errorf("%s %d is %s, published at %d", kind, a.ID, a.Status, a.PublishedAt)
				}
				if len(a.Translations) != len(i18n.Languages) {
					t.Errorf("%s %d has %d translations, want %d", kind, a.ID, len(a.Translations), len(i18n.Languages))
				}
				for _, tr := range a.Translations {
					if tr.Title == "" || tr.BodyMD == "" {
						t.Errorf("%s %d %s is empty", kind, a.ID, tr.Lang)
					}
					if tr.Lang != "en_US" && tr.Title == helpTranslation(a.Translations, "en_US").Title {
						t.Errorf("%s %d %s title is the English one", kind, a.ID, tr.Lang)
					}
				}
				if zhCN, zhHK := helpTranslation(a.Translations, "zh_CN"), helpTranslation(a.Translations, "zh_HK"); zhCN.BodyMD == zhHK.BodyMD {
					t.Errorf("%s %d: zh_HK body is the zh_CN one", kind, a.ID)
				}
			}
		}

		// Readers see them in their own language, newest announcement first, FAQ in order.
		for _, lang := range i18n.Languages {
			rows, total, err := s.Published(ctx, helpcenter.KindAnnouncement, lang, 0, 1, 10)
			if err != nil || total != counts[helpcenter.KindAnnouncement] {
				t.Fatalf("%s announcements: %d %v", lang, total, err)
			}
			for i, r := range rows {
				if r.Lang != lang {
					t.Errorf("%s announcement %d served in %s", lang, r.ID, r.Lang)
				}
				if i > 0 && r.PublishedAt > rows[i-1].PublishedAt {
					t.Errorf("announcements out of order: %d after %d", r.ID, rows[i-1].ID)
				}
			}
		}
		faq, _, err := s.Published(ctx, helpcenter.KindFAQ, "en_US", 0, 1, 10)
		if err != nil || len(faq) == 0 || faq[0].Title != "How do I connect my miner to the pool?" {
			t.Fatalf("first FAQ entry %+v %v", faq, err)
		}
	})
}

// An operator's own articles of a kind keep the demo's away from that kind only.
func TestSeedDemoHelpLeavesOperatorContent(t *testing.T) {
	d := dbtest.SQLite(t)
	ctx := context.Background()
	s := &helpcenter.Store{DB: d}
	id, err := s.Create(ctx, audit.CLI, helpcenter.KindFAQ, helpcenter.Translation{Lang: "en_US", Title: "Our own question", BodyMD: "Answer."})
	if err != nil {
		t.Fatal(err)
	}
	if err := seedDemoHelp(ctx, d); err != nil {
		t.Fatal(err)
	}
	faq, _ := s.All(ctx, helpcenter.KindFAQ)
	if len(faq) != 1 || faq[0].ID != id {
		t.Fatalf("faq after seeding: %+v", faq)
	}
	if ann, _ := s.All(ctx, helpcenter.KindAnnouncement); len(ann) == 0 {
		t.Fatal("announcements were not seeded")
	}
}

func helpTranslation(trs []helpcenter.Translation, lang string) helpcenter.Translation {
	for _, tr := range trs {
		if tr.Lang == lang {
			return tr
		}
	}
	return helpcenter.Translation{}
}
