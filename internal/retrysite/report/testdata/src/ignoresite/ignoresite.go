// Package ignoresite runs a fake fixedinterval rule that reports every
// call of slow as a finding of the innermost for loop around it, a retry
// site, or of no site outside loops: a directive covering the line where
// a site starts suppresses the rule's findings of the whole site.
package ignoresite

func slow()      {}
func work() bool { return false }

func aboveTheLoop() {
	//retrylint:ignore fixedinterval the peer wants a fixed interval
	for i := 0; i < 3; i++ {
		if work() {
			return
		}
		slow()
		func() {
			slow()
		}()
	}
}

func commentBlock() {
	//retrylint:ignore fixedinterval,maxretries IAB-42
	// The board approved this loop as it is.
	for {
		if work() {
			return
		}
		slow()
	}
}

func endOfTheForLine() {
	for work() { //retrylint:ignore fixedinterval the peer wants a fixed interval
		slow()
	}
}

func anotherRule() {
	//retrylint:ignore maxretries not this rule's
	for i := 0; i < 3; i++ {
		slow() // want "fixedinterval finding"
	}
}

func nothingInTheSite() {
	//retrylint:ignore fixedinterval,maxretries nothing here // want `unused //retrylint:ignore directive: no fixedinterval \(R-1\) finding on line 49`
	for i := 0; i < 3; i++ {
		if work() {
			return
		}
	}
}

// A finding covered by the directive on its line and by the one above its
// loop uses both: neither is reported unused.
func lineFirst() {
	//retrylint:ignore fixedinterval redundant
	for i := 0; i < 3; i++ {
		slow() //retrylint:ignore fixedinterval this call only
	}
}

// An inner loop is a site of its own.
func nested() {
	//retrylint:ignore fixedinterval the outer loop // want `unused //retrylint:ignore directive: no fixedinterval \(R-1\) finding on line 68`
	for i := 0; i < 3; i++ {
		for work() {
			slow() // want "fixedinterval finding"
		}
	}
}

// A directive above a labelled loop's label covers the loop.
func labelled() {
	//retrylint:ignore fixedinterval the label starts the loop
outer:
	for i := 0; i < 3; i++ {
		slow()
		if i > 5 {
			break outer
		}
	}
}

// Outside a site, a directive covers its line only.
func noSite() {
	//retrylint:ignore fixedinterval not a site // want `unused //retrylint:ignore directive: no fixedinterval \(R-1\) finding on line 90`
	if work() {
		slow() // want "fixedinterval finding"
	}
}

// A directive above an unrelated line stays unused.
func unrelated() {
	//retrylint:ignore fixedinterval above nothing // want `unused //retrylint:ignore directive: no fixedinterval \(R-1\) finding on line 98`
	println()
	for i := 0; i < 3; i++ {
		slow() // want "fixedinterval finding"
	}
}
