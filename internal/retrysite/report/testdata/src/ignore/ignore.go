// Package ignore exercises //retrylint:ignore directives with a fake
// maxretries rule (the owner of directive problems) that reports every
// call of many.
package ignore

func many() {}
func slow() {}

func trailing() {
	many() //retrylint:ignore maxretries IAB-42 approved 12 retries
	many() //retrylint:ignore maxretries,fixedinterval IAB-42 both rules
	many() //retrylint:ignore	maxretries	tabs work too
}

func above() {
	//retrylint:ignore maxretries IAB-43
	many()

	//retrylint:ignore maxretries IAB-43
	// The board approved this count for the settlement batch.
	many()

	//retrylint:ignore maxretries only the next line
	many()
	many() // want "maxretries finding"
}

func trailingCoversOnlyItsLine() {
	many() //retrylint:ignore maxretries covers this line only
	many() // want "maxretries finding"
}

func otherRule() {
	//retrylint:ignore fixedinterval another rule's directive
	many() // want "maxretries finding"
}

func malformed() {
	// (A directive with no reason or no analyzer is tested in
	// directives_internal_test.go: a want comment would be its reason.)

	//retrylint:ignore maxretries, fixedinterval reason // want "no space in the analyzer list"
	many() // want "maxretries finding"

	//retrylint:ignore maxretries,,fixedinterval reason // want "empty analyzer name"
	many() // want "maxretries finding"

	// retrylint:ignore maxretries reason // want "a directive has no space after //"
	many() // want "maxretries finding"

	//retrylint:ignored maxretries reason // want `unknown directive //retrylint:ignored`
	many() // want "maxretries finding"

	//retrylint:nolint maxretries reason // want `unknown directive //retrylint:nolint`
	many() // want "maxretries finding"
}

func unknownNames() {
	//retrylint:ignore maxretry a typo // want `directive names "maxretry", which is no retrylint analyzer \(fixedinterval, maxretries, notimeout, nonretryable, idemkey\)`
	many() // want "maxretries finding"

	//retrylint:ignore maxretries,backoff,jitter reason // want `directive names "backoff", "jitter", which are no retrylint analyzer`
	many()
}

func unused() {
	//retrylint:ignore maxretries nothing here // want `unused //retrylint:ignore directive: no maxretries \(R-2\) finding on line 68 to suppress; remove maxretries from it`
	println()
}

func nolintStyle() {
	many() //retrylint:ignore maxretries // IAB-44, as //nolint:NAME // reason
}

func notADirective() {
	/* retrylint:ignore maxretries a block comment is no directive */
	many() // want "maxretries finding"
}
