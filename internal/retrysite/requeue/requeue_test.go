package requeue_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/fixedinterval"
	"github.com/retrylint/retrylint/analyzers/idemkey"
	"github.com/retrylint/retrylint/analyzers/maxretries"
	"github.com/retrylint/retrylint/analyzers/notimeout"
	"github.com/retrylint/retrylint/internal/retrysite/sitetest"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestRequeue covers controllers that hand a failed item back to a
// rate-limited work queue: the waits of client-go's limiters (knowledge
// workqueue.go), no count unless the package asks NumRequeues, and the
// requeues that are no retry (a resync, another item, a fixed delay, a
// success asking for more).
func TestRequeue(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), sitetest.WithRules(sitetest.Show, fixedinterval.Analyzer, maxretries.Analyzer), "example.com/requeue", "example.com/requeuecount")
}

// TestJobStore covers the retries through a job store (reschedule.go): a
// failure handler writing the job back at now + backoff(count), its count
// and its waits, and the writes that are no retry (a recurring job after
// success or whatever the outcome, a dead-letter move).
func TestJobStore(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), sitetest.WithRules(sitetest.Show, sitetest.ShowWaits, fixedinterval.Analyzer, maxretries.Analyzer, notimeout.Analyzer), "example.com/jobstore")
}

// TestOwnQueue covers the workers that retry a failed item through their
// own queue (selfqueue.go): the item put back on the channel it was
// received from after a failure, and the sends that are no retry (a dead
// letter, a resync, a send after success, another item, a fan-out).
func TestOwnQueue(t *testing.T) {
	t.Parallel()
	analysistest.Run(t, analysistest.TestData(), sitetest.WithRules(sitetest.Show, fixedinterval.Analyzer, maxretries.Analyzer, notimeout.Analyzer, idemkey.Analyzer), "example.com/selfqueue")
}
