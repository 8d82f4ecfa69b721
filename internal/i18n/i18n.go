// Package i18n holds the server's messages in the four interface languages.
package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"
)

// Languages the server translates into, in the order the language list shows them.
var Languages = []string{"zh_CN", "zh_HK", "en_US", "ko_KR"}

// Descriptions names each language in itself, for the language list.
var Descriptions = map[string]string{
	"zh_CN": "简体中文",
	"zh_HK": "繁體中文",
	"en_US": "English",
	"ko_KR": "한국어",
}

//go:embed locales/*.json
var files embed.FS

var (
	mu      sync.RWMutex
	catalog = mustLoad(files, "locales")
)

func mustLoad(fsys fs.FS, dir string) map[string]map[string]string {
	out, err := load(fsys, dir)
	if err != nil {
		panic(err)
	}
	return out
}

// load reads dir/<lang>.json for every language, checking that each has the same keys.
func load(fsys fs.FS, dir string) (map[string]map[string]string, error) {
	out := map[string]map[string]string{}
	for _, lang := range Languages {
		b, err := fs.ReadFile(fsys, dir+"/"+lang+".json")
		if err != nil {
			return nil, fmt.Errorf("i18n: %s: %w", lang, err)
		}
		m := map[string]string{}
		if err := json.Unmarshal(b, &m); err != nil {
			return nil, fmt.Errorf("i18n: %s/%s: %w", dir, lang, err)
		}
		out[lang] = m
	}
	for _, lang := range Languages {
		for k, v := range out[lang] {
			if v == "" {
				return nil, fmt.Errorf("i18n: %s/%s: %q is empty", dir, lang, k)
			}
			for _, other := range Languages {
				if _, ok := out[other][k]; !ok {
					return nil, fmt.Errorf("i18n: %s/%s lacks %q", dir, other, k)
				}
			}
		}
	}
	return out, nil
}

// MustRegister adds a domain package's messages (dir/<lang>.json in fsys, every language
// with the same keys) to the catalog. A key already present panics: two packages must not
// fight over one message. Call it from the package's init.
func MustRegister(fsys fs.FS, dir string) {
	add := mustLoad(fsys, dir)
	mu.Lock()
	defer mu.Unlock()
	for _, lang := range Languages {
		for k, v := range add[lang] {
			if _, dup := catalog[lang][k]; dup {
				panic(fmt.Sprintf("i18n: %s: key %q registered twice", dir, k))
			}
			catalog[lang][k] = v
		}
	}
}

// Supported tells whether lang is one of the interface languages.
func Supported(lang string) bool { return slices.Contains(Languages, lang) }

// Params fill {name} placeholders in a message.
type Params map[string]string

// T translates key into lang, filling {name} placeholders from params. A param whose value
// is itself a message key ("field.name") is translated too, so field names are localised.
// An unknown key comes back as the key itself, which the tests forbid for real keys.
func T(lang, key string, params Params) string {
	mu.RLock()
	defer mu.RUnlock()
	m, ok := catalog[lang]
	if !ok {
		m = catalog["en_US"]
	}
	msg, ok := m[key]
	if !ok {
		msg = key
	}
	if len(params) == 0 {
		return msg
	}
	pairs := make([]string, 0, len(params)*2)
	for k, v := range params {
		if tv, ok := m[v]; ok {
			v = tv
		}
		pairs = append(pairs, "{"+k+"}", v)
	}
	return strings.NewReplacer(pairs...).Replace(msg)
}

// Has tells whether key exists (in every language: the tests make sure of that).
func Has(key string) bool {
	mu.RLock()
	defer mu.RUnlock()
	_, ok := catalog["en_US"][key]
	return ok
}

// Keys lists every key of lang, for tests.
func Keys(lang string) []string {
	mu.RLock()
	defer mu.RUnlock()
	var out []string
	for k := range catalog[lang] {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
