// Package ignoretwo runs a fake fixedinterval rule, which reports every
// call of slow, beside directives for maxretries: each rule uses and
// checks only the directives naming it, and only the owner reports
// malformed ones.
package ignoretwo

func slow() {}

func shared() {
	slow() //retrylint:ignore maxretries,fixedinterval IAB-42 both rules
	//retrylint:ignore fixedinterval,maxretries the peer wants a fixed interval
	slow()
}

func unusedForThisRule() {
	//retrylint:ignore fixedinterval,maxretries nothing here // want `unused //retrylint:ignore directive: no fixedinterval \(R-1\) finding on line 17`
	println()

	//retrylint:ignore maxretries not this rule's
	slow() // want "fixedinterval finding"
}

func problemsAreTheOwners() {
	//retrylint:ignore fixedinterval
	slow() // want "fixedinterval finding"

	//retrylint:ignore fixedinterval,nosuchrule reason
	slow()
}
