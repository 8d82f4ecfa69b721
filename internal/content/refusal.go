package content

// Refusal is an operator's change refused by a content rule (a language the site does not
// serve, an empty document, a bad URL): its text says why, the same for `poold admin`
// and the console, which answers it as a 400 naming the rule's words.
type Refusal struct{ Err error }

func (r *Refusal) Error() string { return r.Err.Error() }

func (r *Refusal) Unwrap() error { return r.Err }

// Refuse makes err a Refusal; nil stays nil.
func Refuse(err error) error {
	if err == nil {
		return nil
	}
	return &Refusal{Err: err}
}
