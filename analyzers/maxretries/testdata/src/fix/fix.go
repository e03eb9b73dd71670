package fix

import retrygo "github.com/avast/retry-go/v4"

var do func() error

func attempts() error {
	for i := 0; i < 10; i++ { // want `10 attempts = 9 retries`
		if err := do(); err == nil {
			return nil
		}
	}
	return nil
}

func retriesUnit() error {
	for i := 0; i <= 9; i++ { // want `10 attempts = 9 retries`
		if err := do(); err == nil {
			return nil
		}
	}
	return nil
}

const maxTries = 8

func constant() error {
	for n := maxTries; n > 0; n-- { // want `8 attempts = 7 retries`
		if err := do(); err == nil {
			return nil
		}
	}
	return nil
}

func library() error {
	return retrygo.Do(do, retrygo.Attempts(20)) // want `Attempts\(20\) = 20 attempts = 19 retries`
}
