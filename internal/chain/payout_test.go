package chain

import (
	"fmt"
	"strings"
	"testing"
)

func TestCheckPayout(t *testing.T) {
	many := func(n int) []PayoutOutput {
		out := make([]PayoutOutput, n)
		for i := range out {
			out[i] = PayoutOutput{Address: fmt.Sprintf("addr%d", i), Amount: 1}
		}
		return out
	}
	if err := CheckPayout(many(MaxPayoutOutputs)); err != nil {
		t.Fatalf("%d outputs: %v", MaxPayoutOutputs, err)
	}
	for _, tt := range []struct {
		name    string
		outputs []PayoutOutput
		want    string
	}{
		{"none", nil, "0 outputs"},
		{"too many", many(MaxPayoutOutputs + 1), "101 outputs"},
		{"zero", []PayoutOutput{{"a", 1}, {"b", 0}}, "positive"},
		{"negative", []PayoutOutput{{"a", -5}}, "positive"},
		{"twice", []PayoutOutput{{"a", 1}, {"b", 2}, {"a", 3}}, "a twice"},
	} {
		if err := CheckPayout(tt.outputs); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want an error about %q", tt.name, err, tt.want)
		}
	}
}
