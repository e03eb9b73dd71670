package knowledge

// eapache/go-resiliency retrier: retrier.New(backoff, classifier).Run(fn),
// RunCtx(ctx, fn), RunFn(ctx, fn). The backoff is a []time.Duration: its
// length is the number of retries, its values the waits
// (github.com/eapache/go-resiliency@v1.7.0/retrier/retrier.go:23-34, New;
// :91-96, RunFn stops when retries >= len(backoff)); the package's
// constructors build it: ConstantBackoff(n, amount),
// ExponentialBackoff(n, initialAmount) (doubled per retry, no cap) and
// LimitedExponentialBackoff(n, initialAmount, limitAmount) (backoffs.go).
var Resiliency = register(&Library{
	Name:     "go-resiliency retrier",
	Module:   "github.com/eapache/go-resiliency",
	Versions: "v1.7.0",
	Paths:    []string{"github.com/eapache/go-resiliency/retrier"},
	Entries: []Entry{
		Method("Retrier.Run", 0),
		Method("Retrier.RunCtx", 1),
		Method("Retrier.RunFn", 1),
	},
	Bound: BoundTable{
		Groups: [][]Count{
			// retrier.go:36-42: WithInfiniteRetry loops on the last backoff.
			{{Setting: "WithInfiniteRetry", Unbounded: "a go-resiliency Retrier WithInfiniteRetry() retries until the operation succeeds"}},
			// backoffs.go: n is the backoff's length, the retries.
			{
				{Setting: "ConstantBackoff", Arg: 0},
				{Setting: "ExponentialBackoff", Arg: 0},
				{Setting: "LimitedExponentialBackoff", Arg: 0},
			},
		},
		// A backoff the model does not see built (a slice literal, a
		// parameter) leaves the bound unknown: no default.
	},
	// retrier.go:23-34: a nil Classifier is DefaultClassifier, which
	// retries every non-nil error (classifier.go:19-28); the jitter is 0
	// until SetJitter (retrier.go:133-140).
	Defaults: Defaults{Retries: "every error (DefaultClassifier); a WhitelistClassifier or BlacklistClassifier narrows it"},
	Waits:    resiliencyWaits,
	Advice: Advice{
		Stop:     "give retrier.New a Classifier that returns Fail for them (a BlacklistClassifier of them, or a WhitelistClassifier of the retryable ones)",
		TotalCap: "use RunCtx with a context from context.WithTimeout(ctx, %s)",
	},
})

// resiliencyWaits (SpreadWaits): calcSleep waits backoff[i] +
// (rand×2-1) × jitter × backoff[i], ± the factor SetJitter set (values
// outside [0, 1] are ignored; 0 by default) (retrier.go:118-140).
var resiliencyWaits = &WaitVocab{
	Model: SpreadWaits,
	Kinds: []WaitKind{
		{Setting: "ConstantBackoff", Multiplier: 1, BaseArg: Arg(1)},
		{Setting: "ExponentialBackoff", Multiplier: 2, BaseArg: Arg(1)},
		{Setting: "LimitedExponentialBackoff", Multiplier: 2, BaseArg: Arg(1), CapArg: Arg(2)},
	},
	Randomization:     []string{"SetJitter"},
	RandomizationName: "SetJitter",
}
