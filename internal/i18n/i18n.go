// Package i18n holds the server's messages in the four interface languages.
package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
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

var catalog = mustLoad()

func mustLoad() map[string]map[string]string {
	out := map[string]map[string]string{}
	for _, lang := range Languages {
		b, err := files.ReadFile("locales/" + lang + ".json")
		if err != nil {
			panic(fmt.Sprintf("i18n: %s: %v", lang, err))
		}
		m := map[string]string{}
		if err := json.Unmarshal(b, &m); err != nil {
			panic(fmt.Sprintf("i18n: %s: %v", lang, err))
		}
		out[lang] = m
	}
	return out
}

// Supported tells whether lang is one of the interface languages.
func Supported(lang string) bool { return slices.Contains(Languages, lang) }

// Params fill {name} placeholders in a message.
type Params map[string]string

// T translates key into lang, filling {name} placeholders from params. A param whose value
// is itself a message key ("field.name") is translated too, so field names are localised.
// An unknown key comes back as the key itself, which the tests forbid for real keys.
func T(lang, key string, params Params) string {
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
	_, ok := catalog["en_US"][key]
	return ok
}

// Keys lists every key of lang, for tests.
func Keys(lang string) []string {
	var out []string
	for k := range catalog[lang] {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
