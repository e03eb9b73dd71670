package funcvals

import (
	"errors"
	"time"
)

type statusError struct{ Code int }

func (e statusError) Error() string { return "status" }

// The exits test the outcome seen as one type (errors.AsType): they count
// nothing, and the loop has no count.
func connectForever() error {
	for { // want `R-2: retry of call \(GET\) has no maximum retry count`
		err := call()
		if err == nil {
			return nil
		}
		if se, ok := errors.AsType[statusError](err); ok && se.Code == 404 {
			return err
		}
		time.Sleep(time.Second)
	}
}

type verdicts struct{ n int }

func (v *verdicts) retry(err error) bool { v.n++; return v.n < 3 }

// Must not flag: an exit decided by an object may count out of sight.
func connectObject() error {
	v := &verdicts{}
	for {
		err := call()
		if err == nil {
			return nil
		}
		if ok := v.retry(err); !ok {
			return err
		}
		time.Sleep(time.Second)
	}
}
