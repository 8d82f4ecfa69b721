package account

import "testing"

func TestRules(t *testing.T) {
	for _, c := range []struct {
		in   string
		want string
		ok   bool
	}{
		{"13800138000", "13800138000", true}, {" +86 13800138000 ", "13800138000", true},
		{"23800138000", "", false}, {"1380013800", "", false}, {"138001380001", "", false}, {"1380013800a", "", false}, {"", "", false},
	} {
		got, err := NormalizePhone(c.in)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("phone %q: %q %v", c.in, got, err)
		}
	}
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"Li.Wei+pool@Example.COM", "li.wei+pool@example.com", true}, {"a@b.co", "a@b.co", true},
		{"a@b.c", "", false}, {"a@b.company", "", false}, {"a b@c.com", "", false}, {"<a@b.com>", "", false},
		{"a@b.com\r\nBcc: x@y.com", "", false}, {"", "", false},
	} {
		got, err := NormalizeEmail(c.in)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("email %q: %q %v", c.in, got, err)
		}
	}
	for in, ok := range map[string]bool{"矿工_01": true, "Miner": true, "a b": false, "광부": false, "x!": false, "": false, "矿工矿工矿工矿工矿工矿工矿工矿工矿工矿工": true, "矿工矿工矿工矿工矿工矿工矿工矿工矿工矿工矿": false} {
		if _, err := CheckNickname(in); (err == nil) != ok {
			t.Errorf("nickname %q: %v", in, err)
		}
	}
	for in, ok := range map[string]bool{"rig-8chr": true, " rig-8chr ": true, "rig-7ch": false, "rig-boss-2026-123456": true,
		"rig-boss-2026-1234567": false, "": false, "12345678": false, " Password1 ": false, "QWERTYUIOP": false} {
		if _, err := CheckPasswordRule(in); (err == nil) != ok {
			t.Errorf("password %q: %v", in, err)
		}
	}
	if MaskPhone("13800138000") != "138****8000" || MaskEmail("miner@example.com") != "min***@example.com" || MaskEmail("ab@x.io") != "ab***@x.io" {
		t.Errorf("masks: %s %s", MaskPhone("13800138000"), MaskEmail("miner@example.com"))
	}
}

func TestPasswordHashRoundTrip(t *testing.T) {
	p := Argon2Params{Memory: 1024, Time: 1, Threads: 1}
	h, err := HashPassword("hunter2hunter2", p)
	if err != nil {
		t.Fatal(err)
	}
	h2, _ := HashPassword("hunter2hunter2", p)
	if h == h2 {
		t.Fatal("same salt twice")
	}
	if ok, err := CheckPassword("hunter2hunter2", h); !ok || err != nil {
		t.Fatalf("right password: %v %v", ok, err)
	}
	if ok, _ := CheckPassword("hunter2hunter3", h); ok {
		t.Fatal("wrong password accepted")
	}
	for _, bad := range []string{"", "$argon2i$v=19$m=1,t=1,p=1$AAAA$AAAA", "$argon2id$v=19$m=x$AAAA$AAAA", "plain"} {
		if _, err := CheckPassword("x", bad); err == nil {
			t.Errorf("malformed hash %q accepted", bad)
		}
	}
}
