// Package webhookpkg delivers webhooks.
//
//retrylint:context webhook
package webhookpkg

var deliver func() error

func twoRetries() error {
	for i := 0; i < 3; i++ { // want `R-2: retry of deliver makes 3 attempts = 2 retries, outside 3-8 for a webhook delivery; use 5 \(the default\)`
		if err := deliver(); err == nil {
			return nil
		}
	}
	return nil
}

func eightRetries() error {
	for i := 0; i < 9; i++ { // 8 retries: allowed for webhooks
		if err := deliver(); err == nil {
			return nil
		}
	}
	return nil
}

//retrylint:context sync
func syncInWebhookPackage() error {
	for i := 0; i < 9; i++ { // want `R-2: retry of deliver makes 9 attempts = 8 retries, outside 1-5 for a synchronous API call; more needs IAB approval`
		if err := deliver(); err == nil {
			return nil
		}
	}
	return nil
}
